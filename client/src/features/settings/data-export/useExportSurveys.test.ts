import { describe, expect, it } from 'vitest';
import { surveysNamed } from './useExportSurveys';

describe('the surveys an export offers fields of', () => {
  it('are those the filters name, as the export writes only their columns', () => {
    expect(surveysNamed({ form: [3, 7], q: 'flood' })).toEqual([3, 7]);
    expect(surveysNamed({ form: [3, 'none'] })).toEqual([3]);
  });

  it('are all of them when the filters name none, or only posts without a survey', () => {
    expect(surveysNamed({ q: 'flood' })).toBeNull();
    expect(surveysNamed({ form: [] })).toBeNull();
    expect(surveysNamed({ form: ['none'] })).toBeNull();
  });
});
