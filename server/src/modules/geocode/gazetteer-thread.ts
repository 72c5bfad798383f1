import type { GeocodeResult } from '@platform/shared';
import { createWorkerClient } from '../../workers/worker-client';

/**
 * The offline gazetteer in a worker thread, started on the first search: the API's event loop
 * (every request and socket) never stops while the place list loads or is searched. A crashed
 * worker fails the searches in flight and is started again on the next one.
 */
export function createGazetteerThread() {
  const client = createWorkerClient(new URL('./gazetteer.worker.ts', import.meta.url), 'gazetteer-worker.js');
  return {
    search: (q: string, limit: number): Promise<GeocodeResult[]> => client.request<GeocodeResult[]>({ q, limit }),
    close: () => client.close(),
  };
}
