import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { SOCKET_CAUGHT_UP, SOCKET_EVENT, type PushedEvent } from '@platform/shared';
import { io, type Socket } from 'socket.io-client';
import { freshDatabase } from './fresh-database';
import { passwordToken } from './login';
import { startNodeProcess } from './node-process';

/**
 * `npm run bench -- realtime [--sockets 1000 --changes 100 --burst 20]`
 *
 * Starts one API node as its own process on a fresh database (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server), connects `--sockets` socket.io clients from this
 * process (a fifth of them logged in, the rest anonymous, all allowed to read the post), then:
 *  1. `--changes` lock changes one after the other (acquire, release, ...). For each, the time from
 *     the request that commits it to the moment each socket receives its event: p50/p95/p99 over
 *     every (change, socket) delivery, and the same for the last socket of each change;
 *  2. a burst of `--burst` changes sent at once: deliveries per second while the burst fans out.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}
const SOCKETS = arg('sockets', 1000);
const CHANGES = arg('changes', 100);
const BURST = arg('burst', 20);
const ADMIN_PASSWORD = 'bench-administrator';
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const login = passwordToken;

const databaseUrl = await freshDatabase(serverUrl, 'platform_bench_realtime');
const node = await startNodeProcess(databaseUrl, { ADMIN_PASSWORD });
const api = `${node.url}/api/v3`;
try {
  const admin = await login(node.url, 'admin', ADMIN_PASSWORD);
  // A few members share tokens across the logged-in fifth of the sockets.
  const memberTokens: string[] = [];
  for (let i = 0; i < 10; i++) {
    const email = `bench-member-${i}@example.org`;
    await json(`${api}/users`, {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ email, realname: `Member ${i}`, password: 'bench-password', role: 'user' }),
    });
    memberTokens.push(await login(node.url, email, 'bench-password'));
  }
  const post = await json(`${api}/posts`, {
    method: 'POST',
    token: admin,
    body: JSON.stringify({ title: 'Realtime benchmark post', content: 'Locked and unlocked many times', status: 'published' }),
  });
  const postId = post.id as number;

  // Connect the sockets, a hundred at a time.
  type Client = { socket: Socket; seen: Map<number, number> };
  const clients: Client[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => {
        const index = i + j;
        const token = index % 5 === 0 ? memberTokens[index % memberTokens.length] : undefined;
        const socket = io(node.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
        const client: Client = { socket, seen: new Map() };
        socket.on(SOCKET_EVENT, (event: PushedEvent) => {
          if (event.aggregate_type !== 'lock') return;
          client.seen.set(event.id, performance.now());
        });
        clients.push(client);
        return new Promise<void>((resolve, reject) => {
          socket.once(SOCKET_CAUGHT_UP, () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  /** One lock change (acquire, then release, ...); returns when its request was sent and answered. */
  let locked = false;
  async function change(): Promise<{ sent: number; answered: number }> {
    const sent = performance.now();
    const method = locked ? 'DELETE' : 'PUT';
    locked = !locked;
    await json(`${api}/posts/${postId}/lock`, { method, token: admin });
    return { sent, answered: performance.now() };
  }

  /** The event id of a change is only known once it arrives; wait until every socket has the n-th lock event. */
  const lockEventsSeen = (client: Client) => [...client.seen.keys()].sort((a, b) => a - b);
  async function allReceived(count: number, timeoutMs = 30000): Promise<void> {
    const started = performance.now();
    while (clients.some((c) => c.seen.size < count)) {
      if (performance.now() - started > timeoutMs) {
        const behind = clients.filter((c) => c.seen.size < count).length;
        throw new Error(`${behind} sockets did not receive lock event ${count} within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  // Warm-up.
  for (let i = 0; i < 4; i++) {
    await change();
    await allReceived(i + 1);
  }
  let expected = 4;

  // 1. One change at a time.
  const perDelivery: number[] = [];
  const lastSocket: number[] = [];
  const firstSocket: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const { sent, answered } = await change();
    expected++;
    await allReceived(expected);
    const latencies = clients.map((c) => c.seen.get(lockEventsSeen(c)[expected - 1]!)! - sent);
    perDelivery.push(...latencies);
    lastSocket.push(Math.max(...latencies));
    firstSocket.push(Math.min(...latencies));
    answers.push(answered - sent);
  }

  // 2. A burst of changes sent together.
  const burstStarted = performance.now();
  await Promise.all(Array.from({ length: BURST }, () => json(`${api}/posts/${postId}/lock`, { method: 'PUT', token: admin })));
  // Every PUT of the burst is one event (the first acquires or renews, the others renew).
  expected += BURST;
  await allReceived(expected, 60000);
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  const burstDeliveries = BURST * clients.length;

  const delivery = figures(perDelivery);
  const last = figures(lastSocket);
  const first = figures(firstSocket);
  const answer = figures(answers);
  const report = [
    `Realtime fan-out: ${clients.length} sockets (${clients.filter((_, i) => i % 5 === 0).length} logged in), one API node, ${os.cpus().length} cores`,
    `  connect + catch-up of all sockets: ${connectSeconds.toFixed(1)} s`,
    `  lock change committed -> event received (${CHANGES} changes x ${clients.length} sockets = ${delivery.n} deliveries):`,
    `    p50 ${ms(delivery.p50)}  p95 ${ms(delivery.p95)}  p99 ${ms(delivery.p99)}  max ${ms(delivery.max)}`,
    `  ... by the first socket of each change: p50 ${ms(first.p50)}  p95 ${ms(first.p95)}  p99 ${ms(first.p99)}`,
    `  ... by the last socket of each change: p50 ${ms(last.p50)}  p95 ${ms(last.p95)}  p99 ${ms(last.p99)}`,
    `  (the PUT/DELETE itself, answered after commit: p50 ${ms(answer.p50)}  p95 ${ms(answer.p95)})`,
    `  load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)`,
    `  burst of ${BURST} changes: ${burstDeliveries} deliveries in ${burstSeconds.toFixed(2)} s = ${Math.round(burstDeliveries / burstSeconds)} deliveries/s`,
  ];
  console.log(report.join('\n'));
  for (const c of clients) c.socket.close();
} finally {
  node.child.kill('SIGTERM');
}
