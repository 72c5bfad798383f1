import { createWorkerClient } from '../../../workers/worker-client';
import type { Bbox, ClusterHit } from './cluster-index';
import type { ClusterRequest } from './cluster.worker';

/** Said by the thread when asked about an index dropped meanwhile (a post changed). */
export const GONE = /cluster index \d+ is gone/;

/**
 * How long a dropped index still answers the requests already handed it. Under a steady stream of
 * new posts (10 a second) every index was dropped between its build and its first viewport, twice
 * in a row, and the map answered 500.
 */
export const DROP_GRACE_MS = 2_000;

/**
 * The clustering thread as the service sees it: build an index (the coordinate arrays move to the
 * thread, not copied), ask it for a viewport, drop it. `onReset` is told when the thread died and
 * took every index with it.
 */
export function createClusterThread(onReset: () => void) {
  const client = createWorkerClient(new URL('./cluster.worker.ts', import.meta.url), 'cluster-worker.js', onReset);
  const ask = <T>(request: ClusterRequest, transfer: ArrayBuffer[] = []) => client.request<T>(request, transfer);
  return {
    build: (lon: Float64Array, lat: Float64Array, band: [number, number], radius: number): Promise<number> =>
      ask<number>({ op: 'build', lon, lat, band, radius }, [lon.buffer as ArrayBuffer, lat.buffer as ArrayBuffer]),
    query: (index: number, bbox: Bbox, zoom: number): Promise<ClusterHit[]> => ask<ClusterHit[]>({ op: 'query', index, bbox, zoom }),
    drop: (index: number, graceMs = DROP_GRACE_MS): void => client.notify({ op: 'drop', index, graceMs } satisfies ClusterRequest),
    close: () => client.close(),
  };
}
