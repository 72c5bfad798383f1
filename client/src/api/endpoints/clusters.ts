import { PostClustersSchema, type PostClusters } from '@platform/shared';
import type { ApiClient } from '../client';
import type { Query } from '../query';

export type Viewport = { zoom: number; bbox: [west: number, south: number, east: number, north: number] | null };

/** Clusters and single points for a viewport under the list filters (contracts-extra `GET /posts/clusters`). */
export function getPostClusters(api: ApiClient, filters: Query, view: Viewport, signal?: AbortSignal): Promise<PostClusters> {
  const { orderby: _orderby, order: _order, order_unlocked_on_top: _unlocked, limit: _limit, offset: _offset, ...rest } = filters;
  const query: Query = { ...rest, zoom: Math.max(0, Math.min(20, Math.floor(view.zoom))) };
  if (view.bbox) query.bbox = view.bbox.map((n) => Math.round(n * 1e5) / 1e5).join(',');
  return api.get('/posts/clusters', PostClustersSchema, { query, signal, ignore403: true });
}
