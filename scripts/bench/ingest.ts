import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { BENCH_ADMIN_PASSWORD, prepareBenchDatabase } from './database';
import { passwordToken } from './login';
import { ms } from './measure';
import { startNodeProcess } from './node-process';
import { CLIENT_DEFAULTS } from './scenarios';

/**
 * `npm run bench -- ingest [--rate 200 --seconds 60 --readers 20 --database external|embedded|both --posts 1000000]`
 *
 * A crisis at its busiest (issue 27 item 2): posts written through the API at `--rate` a second for
 * `--seconds`, open loop (each write starts on time whether or not the earlier ones answered, at most
 * `rate` x 5 in flight), while `--readers` callers read the newest 20 over and over and a map viewer
 * asks for its clusters once a second. On the external Postgres the node serves the seeded deployment
 * (`--posts`); on the embedded database, a fresh one. Prints the rate achieved, the share of writes
 * that succeeded, write and read p50/p95/p99, newest-20 p95 idle against during, and the node's RSS.
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1]!;
}
const RATE = Number(arg('rate', '200'));
const SECONDS = Number(arg('seconds', '60'));
const READERS = Number(arg('readers', '20'));
const POSTS = Number(arg('posts', '1000000'));
const which = arg('database', 'both');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NEWEST = `/api/v3/posts?${CLIENT_DEFAULTS}`;
const MAP = '/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) =>
  values[Math.max(0, Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1))] ?? NaN;
const triple = (values: number[]) => {
  const s = sorted(values);
  return `${ms(pct(s, 50))} / ${ms(pct(s, 95))} / ${ms(pct(s, 99))}`;
};

/** The node's resident memory now, in MB (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Readers of the newest 20 (closed loop) until `done()`; their latencies. */
async function readNewest(url: string, readers: number, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (!done()) {
        const t0 = performance.now();
        const res = await fetch(`${url}${NEWEST}`);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

async function run(label: string, databaseUrl: string, password: string): Promise<number[]> {
  const node = await startNodeProcess(databaseUrl, { ADMIN_PASSWORD: password });
  const pid = node.child.pid!;
  const written: number[] = [];
  try {
    const admin = await passwordToken(node.url, 'admin', password);
    // The map index and the first pages are there before anything is measured, as on a running site.
    await (await fetch(`${node.url}${MAP}`)).arrayBuffer();
    let idleDone = false;
    const idleTimer = setTimeout(() => (idleDone = true), 10_000);
    const idle = await readNewest(node.url, READERS, () => idleDone);
    clearTimeout(idleTimer);

    let stopped = false;
    const readers = readNewest(node.url, READERS, () => stopped);
    const map: number[] = [];
    const viewer = (async () => {
      while (!stopped) {
        const t0 = performance.now();
        await (await fetch(`${node.url}${MAP}`)).arrayBuffer();
        map.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - t0))));
      }
    })();
    let rssPeak = rssOf(pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 500);

    const writes: number[] = [];
    let failed = 0;
    let skipped = 0;
    let inFlight = 0;
    const runs: Array<Promise<void>> = [];
    const total = RATE * SECONDS;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Bounded: past five seconds' worth in flight the writer counts a miss rather than piling on.
      if (inFlight >= RATE * 5) {
        skipped++;
        continue;
      }
      inFlight++;
      const t0 = performance.now();
      runs.push(
        fetch(`${node.url}/api/v3/posts`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: `Ingest ${i}`,
            content: 'A report from the field',
            status: 'published',
          }),
        })
          .then(async (res) => {
            const body = (await res.json()) as { id?: number };
            if (res.status === 200 && body.id) {
              written.push(body.id);
              writes.push(performance.now() - t0);
            } else failed++;
          })
          .catch(() => void failed++)
          .finally(() => void inFlight--),
      );
    }
    await Promise.all(runs);
    const elapsed = (performance.now() - begin) / 1000;
    stopped = true;
    const during = await readers;
    await viewer;
    clearInterval(sampler);

    const idleP95 = pct(sorted(idle), 95);
    const duringP95 = pct(sorted(during), 95);
    const attempted = total;
    process.stdout.write(
      [
        `\n${label}: ${attempted} writes asked at ${RATE}/s over ${SECONDS} s, ${READERS} newest-20 readers, one map viewer`,
        `  achieved: ${(written.length / elapsed).toFixed(1)} writes/s; success ${((100 * written.length) / attempted).toFixed(2)}% (${failed} failed, ${skipped} not sent: too many in flight)`,
        `  write p50 / p95 / p99: ${triple(writes)} (target p95 150 ms on the external Postgres)`,
        `  newest 20 p50 / p95 / p99: ${triple(during)}; idle p95 ${ms(idleP95)}; ${(duringP95 / idleP95).toFixed(1)}x idle (target at most 2x)`,
        `  map (country viewport, once a second) p50 / p95 / p99: ${triple(map)}`,
        `  node RSS peak: ${rssPeak.toFixed(0)} MB`,
        '',
      ].join('\n'),
    );
    return written;
  } finally {
    await node.stop();
  }
}

if (which === 'external' || which === 'both') {
  const { handle, url } = await prepareBenchDatabase(serverUrl, POSTS, false);
  try {
    const written = await run(`external Postgres, ${POSTS.toLocaleString('en')} posts`, url, BENCH_ADMIN_PASSWORD);
    // Left behind, they would sit on top of the newest posts for every later run.
    await sql`delete from posts where id = any(${written})`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
if (which === 'embedded' || which === 'both') await run('embedded database, a fresh deployment', '', 'bench-administrator');
