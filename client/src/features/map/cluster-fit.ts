import type { PostClusters } from '@platform/shared';
import type { ApiClient } from '../../api/client';
import { getPostClusters } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';
import { cameraBounds, fitCamera, type MapSize } from './fit-camera';
import { clampBbox, POSTS_MAP_FIT_PADDING, POSTS_MAP_ZOOM } from './map-view-rules';

/**
 * The answer a map fits itself to: the whole world's clusters at the opening zoom, whose bbox is
 * every matching post's, then the clusters of the view a map of `size` fitted to that bbox shows
 * (the map's next question once it has moved there, so its first markers are already right). The
 * answer keeps the world's bbox, for the map to fit. Without a size (the map has no room yet) or
 * without posts, the world's answer is the one.
 */
export async function fitClusters(
  api: ApiClient,
  query: Query,
  request: { zoom: number; minZoom: number; size?: MapSize },
  signal?: AbortSignal,
): Promise<PostClusters> {
  const world = await getPostClusters(api, query, { zoom: request.zoom, bbox: null }, signal);
  const { size } = request;
  if (!world.bbox || !size || size.width <= 0 || size.height <= 0) return world;
  const camera = fitCamera(world.bbox, size, {
    padding: POSTS_MAP_FIT_PADDING,
    minZoom: request.minZoom,
    maxZoom: POSTS_MAP_ZOOM.fitMax,
  });
  const [west, south, east, north] = cameraBounds(camera, size);
  const fitted = await getPostClusters(api, query, { zoom: camera.zoom, bbox: clampBbox(west, south, east, north) }, signal);
  return { ...fitted, bbox: world.bbox };
}
