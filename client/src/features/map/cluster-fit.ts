import type { PostClusters } from '@platform/shared';
import type { ApiClient } from '../../api/client';
import { getPostClusters } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';
import { POSTS_MAP_ZOOM } from './map-view-rules';

/** An answer nobody took (the map was left before it loaded) is forgotten after this long. */
const KEEP_MS = 30_000;
const pending = new Map<string, Promise<PostClusters>>();

/**
 * The answer a map fits itself to: the whole world's clusters at the opening zoom and, while that is
 * one cluster (which says nothing of the posts' extent), the world again at the zoom where it splits.
 */
export async function fitClusters(api: ApiClient, query: Query, zoom: number, signal?: AbortSignal): Promise<PostClusters> {
  let answer = await getPostClusters(api, query, { zoom, bbox: null }, signal);
  for (let step = 0; step < 4; step++) {
    const [only] = answer.features;
    if (answer.features.length !== 1 || !only?.properties.cluster) break;
    const closer = Math.min(only.properties.expansion_zoom, POSTS_MAP_ZOOM.fitMax);
    answer = await getPostClusters(api, query, { zoom: closer, bbox: null }, signal);
    if (closer >= POSTS_MAP_ZOOM.fitMax) break;
  }
  return answer;
}

/**
 * Asks for the answer the map fits itself to (`fitClusters`) before maplibre-gl has even loaded:
 * the answer and the map library travel at the same time instead of one after the other.
 */
export function prefetchWorldClusters(api: ApiClient, query: Query, zoom: number): void {
  const key = JSON.stringify(query);
  if (pending.has(key)) return;
  const answer = fitClusters(api, query, zoom);
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
