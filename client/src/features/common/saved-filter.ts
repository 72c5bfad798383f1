import { filtersToParams, type PostFilters } from './filter-state';

const LIST_KEYS = new Set(['status', 'tags', 'form', 'source']);

/**
 * A saved search stores the client's filter object verbatim (API-CONTRACT 12): the keys of the
 * filter state, lists as arrays. Ours are the address's parameters, so the two convert directly.
 */
export function paramsToFilter(filters: PostFilters): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of filtersToParams(filters)) {
    if (LIST_KEYS.has(key)) filter[key] = value.split(',').map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    else if (key === 'within_km') filter[key] = Number(value);
    else filter[key] = value;
  }
  // The status is always stored, so the search shows what it showed when saved.
  filter.status ??= [...filters.status];
  return filter;
}

/** The stored filter as address parameters; unknown keys and shapes are left out. */
export function filterToParams(filter: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (Array.isArray(value)) {
      const items = value.filter((v) => typeof v === 'string' || typeof v === 'number');
      if (items.length) params.set(key, items.join(','));
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  return params;
}
