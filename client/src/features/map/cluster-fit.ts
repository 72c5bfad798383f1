import type { PostClusters } from '@platform/shared';
import type { ApiClient } from '../../api/client';
import { getPostClusters } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';
import { POSTS_MAP_ZOOM } from './map-view-rules';

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
