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
