import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; json: Record<string, any> };
/** How the receiver answers one request: a status, or never (a timeout for the sender). */
export type Answer = number | 'hang';

/**
 * A webhook receiver in the test process. Answers come from a per-path script (then 200); it can
 * go down and come back on the same port, as a receiver restarted for a minute would.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const events = new EventEmitter();
  const hanging = new Set<http.ServerResponse>();
  let server: http.Server | null = null;
  let port = 0;

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const answer = scripts.get(path)?.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      received.push({ path, headers: req.headers, body, json: JSON.parse(body) as Record<string, any> });
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end('ok');
      events.emit('received');
    });
  };

  async function listen(): Promise<void> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  async function down(): Promise<void> {
    for (const res of hanging) res.destroy();
    hanging.clear();
    const s = server;
    server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    script: (path: string, answers: Answer[]) => scripts.set(path, [...answers]),
    at: (path: string) => received.filter((r) => r.path === path),
    /** Resolves once `count` requests to `path` were answered. */
    waitFor: (path: string, count: number, timeoutMs = 20_000) =>
      new Promise<Received[]>((resolve, reject) => {
        const check = () => {
          const got = received.filter((r) => r.path === path);
          if (got.length < count) return false;
          events.off('received', check);
          clearTimeout(timer);
          resolve(got);
          return true;
        };
        const timer = setTimeout(() => {
          events.off('received', check);
          reject(new Error(`receiver got ${received.filter((r) => r.path === path).length} of ${count} requests to ${path}`));
        }, timeoutMs);
        if (!check()) events.on('received', check);
      }),
    down,
    up: listen,
    close: down,
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
