import type { MapSize, PostClusters } from '@platform/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { getPostClusters, type Viewport } from '../../api/endpoints/clusters';
import type { Query } from '../../api/query';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { fitClusters } from './cluster-fit';

/**
 * What the map asks for: the view it opens at, fitted to the posts (`fit`: its lowest zoom and its
 * size once laid out), or the viewport it shows.
 */
export type ClusterRequest = { fit: true; minZoom: number; size?: MapSize } | ({ fit: false } & Viewport);

/** A viewport's answer is kept this long after the map leaves it, for a quick way back. */
const KEEP_MS = 30_000;

/**
 * The clusters for `request` under the list filters, on the data layer: the newest request's answer
 * wins (an older one is cancelled), the previous answer stays on the map while the next loads, and
 * pushed post events read it again (`live-keys.ts` throttles them).
 */
export function useViewportClusters(query: Query, request: ClusterRequest | null) {
  const { api } = useServices();
  return useLiveQuery<PostClusters>(
    ['clusters', query, request],
    (signal) => {
      if (!request) throw new Error('no viewport yet');
      return request.fit ? fitClusters(api, query, request, signal) : getPostClusters(api, query, request, signal);
    },
    { enabled: request !== null, placeholderData: keepPreviousData, gcTime: KEEP_MS },
  );
}
