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
  | { op: 'drop'; index: number; graceMs: number };

/** A viewport's answer: its features, and the posts and box of the whole index. */
export type ClusterAnswer = { hits: GridHit[]; posts: number; bounds: Bbox | null };

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
      return id;
    }
    case 'update':
      held(request.index).update(request.removed, request);
      return held(request.index).points;
    case 'drop': {
      const found = indexes.get(request.index);
      if (!found || found.dropping) return false;
      const id = request.index;
      found.dropping = setTimeout(() => indexes.delete(id), request.graceMs);
      found.dropping.unref();
      return true;
    }
    case 'query': {
      const index = held(request.index);
      return { hits: index.query(request.bbox, request.zoom), posts: index.posts, bounds: index.bounds() } satisfies ClusterAnswer;
    }
  }
});
