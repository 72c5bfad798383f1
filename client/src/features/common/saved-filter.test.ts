import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersFromParams } from './filter-state';
import { filterToParams, paramsToFilter } from './saved-filter';

describe('saved search filters (API-CONTRACT 12: the client filter object, stored verbatim)', () => {
  it('stores non-default filters with lists as arrays, and always the status', () => {
    const filter = paramsToFilter({ ...DEFAULT_FILTERS, q: 'bridge', form: [3, 'none'], tags: [7], dateAfter: '2026-01-01' });
    expect(filter).toEqual({ q: 'bridge', form: [3, 'none'], tags: [7], date_after: '2026-01-01', status: ['published', 'draft'] });
  });

  it('reads a stored filter back into the same filters, legacy array values included', () => {
    const filters = { ...DEFAULT_FILTERS, q: 'road', status: ['archived'], source: ['sms'], center: '-1.28,36.8', radius: 50 };
    expect(filtersFromParams(filterToParams(paramsToFilter(filters)))).toEqual(filters);
    const legacy = filterToParams({ status: ['published'], form: [1, 2], set: [], user: null, has_location: 'mapped', nested: { a: 1 } });
    expect(legacy.toString()).toBe('status=published&form=1%2C2&has_location=mapped');
  });
});
