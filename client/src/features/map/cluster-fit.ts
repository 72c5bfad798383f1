import type { MapSize, PostClusters } from '@platform/shared';
import type { ApiClient } from '../../api/client';
import { getPostClusters } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';

/**
 * The answer a map fits itself to, in one question: with the map's `size`, the clusters of the view
 * it shows once fitted to every matching post (from `minZoom` up; the server works that view out as
 * `fittedView` does), with every matching post's bbox; without a size (the map has no room yet) the
 * whole world's clusters at `minZoom`, with the same bbox.
 */
export function fitClusters(
  api: ApiClient,
  query: Query,
  request: { minZoom: number; size?: MapSize },
  signal?: AbortSignal,
): Promise<PostClusters> {
  const { size } = request;
  const fitSize = size && size.width >= 1 && size.height >= 1 ? size : undefined;
  return getPostClusters(api, query, { zoom: request.minZoom, bbox: null, fitSize }, signal);
}
