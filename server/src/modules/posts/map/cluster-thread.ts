import { createWorkerClient } from '../../../workers/worker-client';
import type { ClusterAnswer, ClusterMemory, ClusterRequest } from './cluster.worker';
import type { Bbox, GridPoints } from './grid-index';

/** Said by the thread when asked about an index dropped meanwhile. */
export const GONE = /cluster index \d+ is gone/;

/** How long a dropped index still answers the requests already handed it. */
export const DROP_GRACE_MS = 2_000;

/**
 * The clustering thread as the service sees it: build an index (the columns move to the thread,
 * not copied), give it changed posts, ask it for a viewport, drop it. `onReset` is told when the
 * thread died and took every index with it.
 */
export function createClusterThread(onReset: () => void) {
  const client = createWorkerClient(new URL('./cluster.worker.ts', import.meta.url), 'cluster-worker.js', onReset);
  const ask = <T>(request: ClusterRequest, transfer: ArrayBuffer[] = []) => client.request<T>(request, transfer);
  const buffers = (points: GridPoints) =>
    [points.lonE6, points.latE6, points.ids, points.forms].map((column) => column.buffer as ArrayBuffer);
  return {
    build: (points: GridPoints, radius: number): Promise<number> => ask<number>({ op: 'build', radius, ...points }, buffers(points)),
    /** Every point of the posts `removed` goes, `added` come in; answers how many points the index holds. */
    update: (index: number, removed: Int32Array, added: GridPoints): Promise<number> =>
      ask<number>({ op: 'update', index, removed, ...added }, [removed.buffer as ArrayBuffer, ...buffers(added)]),
    query: (index: number, bbox: Bbox, zoom: number): Promise<ClusterAnswer> => ask<ClusterAnswer>({ op: 'query', index, bbox, zoom }),
    drop: (index: number, graceMs = DROP_GRACE_MS): void => client.notify({ op: 'drop', index, graceMs } satisfies ClusterRequest),
    /** The thread's array buffers, and how much of them its indexes hold. */
    memory: (): Promise<ClusterMemory> => ask<ClusterMemory>({ op: 'memory' }),
    close: () => client.close(),
  };
}
