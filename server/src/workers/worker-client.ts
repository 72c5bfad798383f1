import { Worker, type Transferable } from 'node:worker_threads';

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };
/** What a worker answers to request `id`: its result, or the message of what it threw. */
export type WorkerReply = { id: number; result?: unknown; error?: string };

/**
 * A worker's file: the bundle `dist/{bundled}` beside the server's bundle, or the TypeScript
 * `source` when the server runs through tsx or vitest (workers do not inherit tsx's loader, so the
 * thread registers it first).
 */
function spawn(source: URL, bundled: string): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL(`./${bundled}`, import.meta.url));
}

/**
 * Requests to a worker thread, each answered once, so CPU-heavy work never stops the API's event
 * loop. The thread starts on the first request and does not keep the process alive; if it dies,
 * the requests in flight fail, `onReset` is told (whatever it held is gone), and the next request
 * starts a new one.
 */
export function createWorkerClient(source: URL, bundled: string, onReset: () => void = () => undefined) {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = null;
    onReset();
  };

  function started(): Worker {
    if (worker) return worker;
    const created = spawn(source, bundled);
    created.unref();
    created.on('message', (reply: WorkerReply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.result);
    });
    created.on('error', (error) => {
      if (worker === created) failAll(error);
    });
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`the ${bundled} thread stopped (exit code ${code})`));
    });
    worker = created;
    return created;
  }

  return {
    request<T>(body: unknown, transfer: Transferable[] = []): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
        started().postMessage({ id, body }, transfer);
      });
    },
    /** Tells the thread something that needs no answer. */
    notify(body: unknown): void {
      worker?.postMessage({ id: -1, body });
    },
    async close(): Promise<void> {
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}

/** The worker's side: answers each request with `handle`'s result (or the message of what it threw). */
export function serveRequests(port: import('node:worker_threads').MessagePort | null, handle: (body: never) => unknown): void {
  port?.on('message', (message: { id: number; body: never }) => {
    let reply: WorkerReply;
    try {
      reply = { id: message.id, result: handle(message.body) };
    } catch (error) {
      reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
    if (message.id >= 0) port.postMessage(reply);
  });
}
