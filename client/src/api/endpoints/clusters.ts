import { MAP_FIT_MAX_PX, PostClustersSchema, type MapSize, type PostClusters } from '@platform/shared';
import type { ApiClient } from '../client';
import type { Query } from '../query';

/** A viewport, or with `fitSize` (and no bbox) the view a map of that size fitted to the posts shows. */
export type Viewport = { zoom: number; bbox: [west: number, south: number, east: number, north: number] | null; fitSize?: MapSize };

/** Clusters and single points for a viewport under the list filters (contracts-extra `GET /posts/clusters`). */
export function getPostClusters(api: ApiClient, filters: Query, view: Viewport, signal?: AbortSignal): Promise<PostClusters> {
  const { orderby: _orderby, order: _order, order_unlocked_on_top: _unlocked, limit: _limit, offset: _offset, ...rest } = filters;
  const query: Query = { ...rest, zoom: Math.max(0, Math.min(20, Math.floor(view.zoom))) };
  if (view.bbox) query.bbox = view.bbox.map((n) => Math.round(n * 1e5) / 1e5).join(',');
  else if (view.fitSize) {
    const px = (n: number) => Math.max(1, Math.min(MAP_FIT_MAX_PX, Math.round(n)));
    query.fit = `${px(view.fitSize.width)},${px(view.fitSize.height)}`;
  }
  return api.get('/posts/clusters', PostClustersSchema, { query, signal, ignore403: true });
}
