import type { PostClusters } from '@platform/shared';
import type { ApiClient } from '../../api/client';
import { getPostClusters } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';

/** An answer nobody took (the map was left before it loaded) is forgotten after this long. */
const KEEP_MS = 30_000;
const pending = new Map<string, Promise<PostClusters>>();

/**
 * Asks for the clusters of the whole world at the opening zoom, the map's first question when it
 * fits itself to the posts, before maplibre-gl has even loaded: the answer and the map library
 * travel at the same time instead of one after the other.
 */
export function prefetchWorldClusters(api: ApiClient, query: Query, zoom: number): void {
  const key = JSON.stringify(query);
  if (pending.has(key)) return;
  const answer = getPostClusters(api, query, { zoom, bbox: null });
  answer.catch(() => undefined);
  pending.set(key, answer);
  setTimeout(() => {
    if (pending.get(key) === answer) pending.delete(key);
  }, KEEP_MS);
}

/** The prefetched world answer for these filters, once; null when there is none. */
export function takeWorldClusters(query: Query): Promise<PostClusters> | null {
  const key = JSON.stringify(query);
  const answer = pending.get(key) ?? null;
  pending.delete(key);
  return answer;
}
