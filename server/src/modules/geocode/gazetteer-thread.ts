import { Worker } from 'node:worker_threads';
import type { GeocodeResult } from '@platform/shared';

type Pending = { resolve: (results: GeocodeResult[]) => void; reject: (error: Error) => void };

/** The worker's file: beside the bundle in `dist/`, or the TypeScript source when run through tsx. */
function spawn(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    // Workers do not inherit tsx's loader: register it, then load the TypeScript entry.
    const entry = JSON.stringify(new URL('./gazetteer.worker.ts', import.meta.url).href);
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL('./gazetteer-worker.js', import.meta.url));
}

/**
 * The offline gazetteer in a worker thread, started on the first search: the API's event loop
 * (every request and socket) never stops while the place list loads or is searched. A crashed
 * worker fails the searches in flight and is started again on the next one.
 */
export function createGazetteerThread() {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = null;
  };

  function started(): Worker {
    if (worker) return worker;
    const created = spawn();
    created.unref();
    created.on('message', (message: { id: number; results: GeocodeResult[] }) => {
      pending.get(message.id)?.resolve(message.results);
      pending.delete(message.id);
    });
    created.on('error', failAll);
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`the gazetteer thread stopped (exit code ${code})`));
    });
    worker = created;
    return created;
  }

  return {
    search(q: string, limit: number): Promise<GeocodeResult[]> {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().postMessage({ id, q, limit });
      });
    },
    async close(): Promise<void> {
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}
