import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { freshDatabase } from './fresh-database';
import { passwordToken } from './login';
import { startNodeProcess } from './node-process';

/**
 * `npm run bench -- webhooks [--posts 1000 --hooks 5 --concurrency 4]`
 *
 * Starts one API node as its own process on a fresh database (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server), registers `--hooks` create webhooks on a receiver in
 * this process, creates `--posts` posts through the API (`--concurrency` in flight), and waits until
 * the receiver holds every (webhook, post) delivery. Reports deliveries per second and the time from
 * each post's commit (its `POST /posts` answer, which comes after the commit) to each delivery.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}
const POSTS = arg('posts', 1000);
const HOOKS = arg('hooks', 5);
const CONCURRENCY = arg('concurrency', 4);
const ADMIN_PASSWORD = 'bench-administrator';
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The receiver: when each (hook path, post id) arrived; every request answered 200 at once. */
const arrivals = new Map<string, number>();
let onArrival = () => {};
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const at = performance.now();
    const post = JSON.parse(body) as { id: number };
    const key = `${req.url}:${post.id}`;
    if (!arrivals.has(key)) arrivals.set(key, at);
    res.writeHead(200).end('ok');
    onArrival();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as AddressInfo).port;

const databaseUrl = await freshDatabase(serverUrl, 'platform_bench_webhooks');
const node = await startNodeProcess(databaseUrl, { ADMIN_PASSWORD, WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
const api = `${node.url}/api/v3`;
try {
  const token = await passwordToken(node.url, 'admin', ADMIN_PASSWORD);
  for (let h = 0; h < HOOKS; h++) {
    await json(`${api}/webhooks`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        name: `Bench hook ${h}`,
        shared_secret: 'a-bench-secret-of-enough-length',
        url: `http://127.0.0.1:${receiverPort}/hook-${h}`,
        event_type: 'create',
        entity_type: 'post',
      }),
    });
  }

  const expected = POSTS * HOOKS;
  const allArrived = new Promise<void>((resolve) => {
    onArrival = () => arrivals.size >= expected && resolve();
  });
  const committed = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < POSTS) {
        const i = next++;
        const post = await json(`${api}/posts`, {
          method: 'POST',
          token,
          body: JSON.stringify({ title: `Bench post ${i}`, content: 'A report for the webhooks', status: 'published' }),
        });
        committed.set(post.id as number, performance.now());
      }
    }),
  );
  const written = performance.now();
  const timeout = setTimeout(() => {
    console.error(`only ${arrivals.size} of ${expected} deliveries arrived within 10 minutes`);
    process.exit(1);
  }, 600_000);
  await allArrived;
  clearTimeout(timeout);
  const finished = performance.now();

  const latencies: number[] = [];
  for (const [key, at] of arrivals) {
    const postId = Number(key.split(':')[1]);
    latencies.push(at - committed.get(postId)!);
  }
  latencies.sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  console.log(
    [
      `webhooks: ${POSTS} posts (${CONCURRENCY} in flight) fanned out to ${HOOKS} webhooks on a local receiver`,
      `  posts written in ${((written - started) / 1000).toFixed(2)} s (${Math.round(POSTS / ((written - started) / 1000))} posts/s)`,
      `  ${expected} deliveries in ${seconds.toFixed(2)} s from the first request = ${Math.round(expected / seconds)} deliveries/s`,
      `  last delivery ${((finished - written) / 1000).toFixed(2)} s after the last post was written`,
      `  commit to delivery: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1)!)}`,
    ].join('\n'),
  );
} finally {
  node.child.kill('SIGTERM');
  receiver.close();
}
