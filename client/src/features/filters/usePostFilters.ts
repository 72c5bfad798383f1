import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Query } from '../../api/query';
import { COLLECTION_STATUS, markCleared, scopedPath, scopeQuery, useSetScope, type SetScope } from '../common/set-scope';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, filtersToQuery, type PostFilters } from '../common/filter-state';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/** In a collection the status default includes archived, and a saved search marks cleared filters: read and write the address accordingly. */
function scopedFilters(params: URLSearchParams, scope: SetScope | null): PostFilters {
  const filters = filtersFromParams(params);
  return scope?.kind === 'collection' && !params.has('status') ? { ...filters, status: [...COLLECTION_STATUS] } : filters;
}
function scopedParams(filters: PostFilters, base: URLSearchParams, scope: SetScope | null): URLSearchParams {
  const params = filtersToParams(filters, base);
  if (scope?.kind !== 'collection') return markCleared(params, scope);
  if (sameSet(filters.status, COLLECTION_STATUS) || filters.status.length === 0) params.delete('status');
  else params.set('status', filters.status.join(','));
  return params;
}

/**
 * The browsing filters, kept in the page's search params so a filtered view can be shared (spec 2
 * section 2), with the API query they make. `query` keeps its identity while the filters do not
 * change, so lists and maps refetch only on a real change.
 */
export function usePostFilters() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const scope = useSetScope();
  const key = scopedParams(scopedFilters(params, scope), new URLSearchParams(), scope).toString();
  const filters = useMemo(() => scopedFilters(new URLSearchParams(key), scope), [key, scope]);
  const query = useMemo<Query>(() => scopeQuery(filtersToQuery(filters), scope), [filters, scope]);

  // Applied at once (flushSync): a ticked box must not spring back while the navigation settles.
  const apply = useCallback(
    (next: PostFilters) => setParams((current) => scopedParams(next, current, scope), { flushSync: true }),
    [setParams, scope],
  );
  /** Changes some filters, on top of what the address holds now (not what this render saw). */
  const update = useCallback(
    (change: Partial<PostFilters>) =>
      setParams((current) => scopedParams({ ...scopedFilters(current, scope), ...change }, current, scope), { flushSync: true }),
    [setParams, scope],
  );
  /** The data view (of the collection or saved search shown) with some filters changed. */
  const listPath = useCallback(
    (change: Partial<PostFilters>) => {
      const next = scopedParams({ ...scopedFilters(params, scope), ...change }, params, scope).toString();
      return `${scopedPath('/views/data', scope)}${next ? `?${next}` : ''}`;
    },
    [params, scope],
  );
  /** Changes some filters and shows the result in the data view. */
  const showInList = useCallback(
    (change: Partial<PostFilters>) => void navigate(listPath(change), { flushSync: true }),
    [navigate, listPath],
  );
  const reset = useCallback(
    () => apply(scope?.kind === 'collection' ? { ...DEFAULT_FILTERS, status: [...COLLECTION_STATUS] } : { ...DEFAULT_FILTERS }),
    [apply, scope],
  );

  return { filters, query, key, apply, update, listPath, showInList, reset };
}

export type PostFiltersApi = ReturnType<typeof usePostFilters>;
