import { parentPort } from 'node:worker_threads';
import { serveRequests } from '../../../workers/worker-client';
import { buildIndex, clustersOf, type Bbox, type ClusterIndex } from './cluster-index';

/**
 * The map's clustering thread: building the index of a million points takes the better part of a
 * second, which the API's event loop must not spend. Indexes stay here, named by the number the
 * build returned, until the server drops them.
 */
export type ClusterRequest =
  | { op: 'build'; lon: Float64Array; lat: Float64Array; band: [number, number]; radius: number }
  | { op: 'query'; index: number; bbox: Bbox; zoom: number }
  | { op: 'drop'; index: number; graceMs: number };

/**
 * A dropped index keeps answering for `graceMs`: a request that was handed it just before a post
 * changed (the drop) asks its viewport a moment later, and is answered from it rather than told it
 * is gone.
 */
const indexes = new Map<number, { index: ClusterIndex; count: number; dropping?: NodeJS.Timeout }>();
let next = 0;

serveRequests(parentPort, (request: ClusterRequest) => {
  if (request.op === 'build') {
    const id = next++;
    indexes.set(id, { index: buildIndex(request.lon, request.lat, request.band, request.radius), count: request.lon.length });
    return id;
  }
  if (request.op === 'drop') {
    const held = indexes.get(request.index);
    if (!held || held.dropping) return false;
    const id = request.index;
    held.dropping = setTimeout(() => indexes.delete(id), request.graceMs);
    held.dropping.unref();
    return true;
  }
  const held = indexes.get(request.index);
  if (!held) throw new Error(`cluster index ${request.index} is gone`);
  return clustersOf(held.index, request.bbox, request.zoom, held.count);
});
