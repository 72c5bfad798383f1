import { describe, expect, it } from 'vitest';
import { hasEnoughPoints, isValidCustom, rangeQuery } from './date-range';

describe('activity date ranges', () => {
  const now = new Date(2026, 10, 19, 15, 30); // a Thursday

  it('all time sends no dates', () => {
    expect(rangeQuery({ kind: 'all' }, now)).toEqual({});
  });

  it('this week starts on Monday at midnight, this month on the first', () => {
    expect(rangeQuery({ kind: 'week' }, now)).toEqual({ created_after: new Date(2026, 10, 16).toISOString() });
    expect(rangeQuery({ kind: 'month' }, now)).toEqual({ created_after: new Date(2026, 10, 1).toISOString() });
    const sunday = new Date(2026, 10, 22, 9);
    expect(rangeQuery({ kind: 'week' }, sunday)).toEqual({ created_after: new Date(2026, 10, 16).toISOString() });
  });

  it('a custom range covers its whole end day', () => {
    expect(rangeQuery({ kind: 'custom', start: '2026-01-02', end: '2026-01-05' }, now)).toEqual({
      created_after: new Date(2026, 0, 2).toISOString(),
      created_before: new Date(2026, 0, 5, 23, 59, 59, 999).toISOString(),
    });
    expect(isValidCustom('2026-01-02', '2026-01-05')).toBe(true);
    expect(isValidCustom('2026-01-06', '2026-01-05')).toBe(false);
    expect(isValidCustom('2026-1-6', '2026-01-05')).toBe(false);
  });

  it('the line chart needs three points in some series', () => {
    expect(hasEnoughPoints([{ values: [1, 2] }, { values: [1] }])).toBe(false);
    expect(hasEnoughPoints([{ values: [1, 2] }, { values: [1, 2, 3] }])).toBe(true);
  });
});
