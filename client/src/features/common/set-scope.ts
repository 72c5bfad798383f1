import { createContext, useContext } from 'react';
import type { Query } from '../../api/query';

export type SetKind = 'collection' | 'savedsearch';

/**
 * The browsing mode of spec 2 section 4 (all, saved search, collection): inside a collection the
 * lists and map show its posts only; inside a saved search its stored filter applies.
 */
export type SetScope = { kind: SetKind; id: number };

export const SetScopeContext = createContext<SetScope | null>(null);

export const useSetScope = (): SetScope | null => useContext(SetScopeContext);

/** Entering collection mode clears filters and the default status filter then includes archived (spec 2 section 4). */
export const COLLECTION_STATUS = ['published', 'draft', 'archived'];

/** API paths of each kind (API-CONTRACT 12). */
export const SET_RESOURCE: Record<SetKind, string> = { collection: 'collections', savedsearch: 'savedsearches' };

/** The status filter a view starts with: archived too inside a collection. */
export const defaultStatusFor = (scope: SetScope | null): string[] =>
  scope?.kind === 'collection' ? [...COLLECTION_STATUS] : ['published', 'draft'];

/** In a collection, only its posts (API-CONTRACT 12: the same as `GET /posts?set={id}`). */
export const scopeQuery = (query: Query, scope: SetScope | null): Query =>
  scope?.kind === 'collection' ? { ...query, set: [scope.id] } : query;

/**
 * In a saved search an address without filters means "show its stored filter" (how it is entered);
 * filters cleared to the defaults there say so with `filters=defaults`, so that reloading, switching
 * between map and data, or opening and closing a post keeps them cleared.
 */
const CLEARED_FILTERS = { key: 'filters', value: 'defaults' } as const;

/** Marks or unmarks a saved search's address as cleared (see `CLEARED_FILTERS`); other modes' addresses as they are. */
export function markCleared(params: URLSearchParams, scope: SetScope | null): URLSearchParams {
  if (scope?.kind !== 'savedsearch') return params;
  params.delete(CLEARED_FILTERS.key);
  if (params.size === 0) params.set(CLEARED_FILTERS.key, CLEARED_FILTERS.value);
  return params;
}

/** The status filter of the view now shown. */
export const useDefaultStatus = (): string[] => defaultStatusFor(useSetScope());

/** Where a set's mode lives: `/collections/{id}/data`, `/savedsearches/{id}/map`. */
export const setPath = (scope: SetScope, view: 'data' | 'map'): string => `/${SET_RESOURCE[scope.kind]}/${scope.id}/${view}`;

/**
 * A browsing path as seen from the mode shown now: inside a collection or saved search the views
 * and the post column (`/posts/...`) stay in it, so opening a post does not leave the mode.
 */
export function scopedPath(path: string, scope: SetScope | null): string {
  if (!scope) return path;
  if (path === '/views/data' || path === '/views/map') return setPath(scope, path === '/views/data' ? 'data' : 'map');
  if (path.startsWith('/posts/')) return `${setPath(scope, 'data')}${path}`;
  return path;
}

const SCOPED_PATH = /^\/(collections|savedsearches)\/(\d+)(?:\/|$)/;

/** The collection or saved search whose mode an address is in (`/collections/3/map`), if any. */
export function scopeOfPath(pathname: string): SetScope | null {
  const match = SCOPED_PATH.exec(pathname);
  if (!match) return null;
  return { kind: match[1] === 'collections' ? 'collection' : 'savedsearch', id: Number(match[2]) };
}

/** The browsing view an address shows: the map, the data view (a post's column included), or neither. */
export function viewOfPath(pathname: string): 'map' | 'data' | null {
  if (scopeOfPath(pathname)) {
    const rest = pathname.replace(SCOPED_PATH, '/');
    if (rest === '/map') return 'map';
    return rest === '/data' || rest.startsWith('/data/') ? 'data' : null;
  }
  if (pathname === '/views/map') return 'map';
  return pathname === '/views/data' || pathname.startsWith('/posts/') ? 'data' : null;
}

/**
 * Where the mode bar's Map and Data go from an address: between the two views the filters (the
 * address's query) and the collection or saved-search mode stay, as spec 2 section 2 keeps the
 * filter state and mode; from anywhere else, the plain view.
 */
export function modeLink(view: 'map' | 'data', pathname: string, search: string): string {
  const path = `/views/${view}`;
  if (!viewOfPath(pathname)) return path;
  return `${scopedPath(path, scopeOfPath(pathname))}${search}`;
}
