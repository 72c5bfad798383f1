import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type PostFilters } from '../common/filter-state';
import { countQueries } from './useFilterData';

const filters = (change: Partial<PostFilters> = {}): PostFilters => ({ ...DEFAULT_FILTERS, ...change });

describe('the stats queries of the filter counts', () => {
  it('asks the per-survey query for the posts without a location: no second request', () => {
    const queries = countQueries(filters({ tags: [4] }), null, { admin: false, unmapped: true });
    expect(queries.bySurvey).toMatchObject({ group_by: 'form', tags: [4], include_unmapped: 1 });
    expect(queries.bySource).toBeNull();
    expect(queries.unmapped).toBeNull();
  });

  it('leaves the per-source query of administrators without it', () => {
    const queries = countQueries(filters({ source: ['sms'] }), null, { admin: true, unmapped: true });
    expect(queries.bySurvey).toMatchObject({ source: ['sms'], include_unmapped: 1 });
    expect(queries.bySource).not.toHaveProperty('include_unmapped');
    expect(queries.bySource).not.toHaveProperty('source');
  });

  it('counts them apart under a survey filter, which the per-survey query leaves out', () => {
    const queries = countQueries(filters({ form: [3, 'none'] }), null, { admin: false, unmapped: true });
    expect(queries.bySurvey).not.toHaveProperty('form');
    expect(queries.bySurvey).not.toHaveProperty('include_unmapped');
    expect(queries.unmapped).toMatchObject({ form: [3, 'none'], include_unmapped: 1 });
    expect(queries.unmapped).not.toHaveProperty('group_by');
    expect(queries.unmapped).not.toHaveProperty('orderby');
  });

  it('keeps to the collection shown', () => {
    const scope = { kind: 'collection' as const, id: 9 };
    expect(countQueries(filters(), scope, { admin: false, unmapped: true }).bySurvey).toMatchObject({ set: [9], include_unmapped: 1 });
    expect(countQueries(filters({ form: [3] }), scope, { admin: false, unmapped: true }).unmapped).toMatchObject({ set: [9], form: [3] });
  });

  it('does not count them under a location filter, nor for a view that does not ask', () => {
    for (const hasLocation of ['mapped', 'unmapped'] as const) {
      for (const form of [[], [3]]) {
        const queries = countQueries(filters({ hasLocation, form }), null, { admin: true, unmapped: true });
        expect(queries.bySurvey).not.toHaveProperty('include_unmapped');
        expect(queries.unmapped).toBeNull();
      }
    }
    const plain = countQueries(filters({ form: [3] }), null, { admin: false, unmapped: false });
    expect(plain.bySurvey).not.toHaveProperty('include_unmapped');
    expect(plain.unmapped).toBeNull();
  });
});
