import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { serveRequests } from '../../../workers/worker-client';
import { GridIndex, type Bbox, type GridHit, type GridPoints } from './grid-index';

/**
 * The map's clustering thread: building the index of a million points takes a good part of a
 * second, which the API's event loop must not spend. Indexes stay here, named by the number the
 * build returned, taking in changed posts (`update`) until the server drops them.
 */
export type ClusterRequest =
  | ({ op: 'build'; radius: number } & GridPoints)
  | ({ op: 'update'; index: number; removed: Int32Array } & GridPoints)
  | { op: 'query'; index: number; bbox: Bbox; zoom: number }
  | { op: 'drop'; index: number; graceMs: number }
  | { op: 'memory' };

/** A viewport's answer: its features, and the posts and box of the whole index. */
export type ClusterAnswer = { hits: GridHit[]; posts: number; bounds: Bbox | null };
/** What the thread's array buffers take, and how much of it its indexes hold. */
export type ClusterMemory = { arrayBuffers: number; held: number };

/**
 * A full collection of this thread's heap, soon after a build or a drop. A build leaves as garbage
 * the columns it outgrew and the points it was sent (half again an index's size), and so does a
 * dropped index; a thread that then only answers viewports allocates too little to collect them,
 * and kept 36 MB of them at a million points (issue 22). Once the flag is set, V8 gives a new
 * context its `gc`.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
let collecting = false;
function collectSoon(): void {
  if (collecting) return;
  collecting = true;
  setImmediate(() => {
    collecting = false;
    collectGarbage();
  });
}

/**
 * A dropped index keeps answering for `graceMs`: a request that was handed it just before it was
 * dropped asks its viewport a moment later, and is answered from it rather than told it is gone.
 */
const indexes = new Map<number, { index: GridIndex; dropping?: NodeJS.Timeout }>();
let next = 0;

function held(id: number): GridIndex {
  const found = indexes.get(id);
  if (!found) throw new Error(`cluster index ${id} is gone`);
  return found.index;
}

serveRequests(parentPort, (request: ClusterRequest) => {
  switch (request.op) {
    case 'build': {
      const id = next++;
      indexes.set(id, { index: new GridIndex(request.radius, request) });
      collectSoon();
      return id;
    }
    case 'update':
      held(request.index).update(request.removed, request);
      return held(request.index).points;
    case 'drop': {
      const found = indexes.get(request.index);
      if (!found || found.dropping) return false;
      const id = request.index;
      found.dropping = setTimeout(() => {
        indexes.delete(id);
        collectSoon();
      }, request.graceMs);
      found.dropping.unref();
      return true;
    }
    case 'query': {
      const index = held(request.index);
      return { hits: index.query(request.bbox, request.zoom), posts: index.posts, bounds: index.bounds() } satisfies ClusterAnswer;
    }
    case 'memory': {
      let held = 0;
      for (const { index } of indexes.values()) held += index.bytes;
      return { arrayBuffers: process.memoryUsage().arrayBuffers, held } satisfies ClusterMemory;
    }
  }
});
