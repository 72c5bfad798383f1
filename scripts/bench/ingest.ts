import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { BENCH_ADMIN_PASSWORD, prepareBenchDatabase } from './database';
import { passwordToken } from './login';
import { figuresOf, ms, type Figures } from './measure';
import { startNodeProcess } from './node-process';
import { CLIENT_DEFAULTS } from './scenarios';

/**
 * `npm run bench -- ingest [--rate 200 --embedded-rate 100 --seconds 60 --readers 20 --every 1000 --database external|embedded|both --posts 1000000]`
 *
 * A crisis at its busiest (issue 27 item 2): located reports, in a survey made for the run and inside
 * the map viewer's viewport, written through the API at `--rate` a second (`--embedded-rate` on the
 * embedded database, whose target is lower) for `--seconds`, open loop (each write starts on time whether or not the earlier ones answered, at most
 * `rate` x 5 in flight), while `--readers` people each read the newest 20 once every `--every` ms
 * (as the map viewer asks for its clusters once a second: a person reads, then looks; pushed events
 * spare them polling) and a map viewer asks for its clusters once a second. `--every 0` makes the
 * readers a closed loop that asks again the moment it is answered: on two cores that alone saturates
 * the machine, whatever the writes do. On the external Postgres the node serves the seeded deployment
 * (`--posts`); on the embedded database, a fresh one. Prints the rate achieved, the share of writes
 * that succeeded, write and read p50/p95/p99, newest-20 p95 idle against during, and the node's RSS,
 * each against its target.
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1]!;
}
const RATE = Number(arg('rate', '200'));
const EMBEDDED_RATE = Number(arg('embedded-rate', '100'));
const SECONDS = Number(arg('seconds', '60'));
const READERS = Number(arg('readers', '20'));
const EVERY_MS = Number(arg('every', '1000'));
const POSTS = Number(arg('posts', '1000000'));
const which = arg('database', 'both');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NEWEST = `/api/v3/posts?${CLIENT_DEFAULTS}`;
const MAP = '/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5';

const triple = (f: Figures) => `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Issue 27 item 2's targets: the external Postgres is held to all four, the embedded one to its rate and success. */
type Targets = { rate: number; writeP95: number | null; readersX: number | null };
const EXTERNAL_TARGETS: Targets = { rate: 200, writeP95: 150, readersX: 2 };
const EMBEDDED_TARGETS: Targets = { rate: 100, writeP95: null, readersX: null };

/** The node's resident memory now, in MB (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Survey = { formId: number; locationKey: string };

/**
 * A survey with a location field, made through the API as an administrator would: the soak's posts
 * are located reports in it, inside the map viewer's viewport, so every write reaches the map.
 */
async function locatedSurvey(url: string, token: string): Promise<Survey> {
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${url}/api/v3${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number; key?: string };
  };
  const form = await create('/forms', { name: `Ingest ${new Date().toISOString()}`, require_approval: false });
  const task = await create(`/forms/${form.id}/stages`, { label: 'Report', type: 'post', priority: 0, show_when_published: true });
  const field = await create(`/forms/${form.id}/attributes`, {
    label: 'Location',
    type: 'point',
    input: 'location',
    form_stage_id: task.id,
    cardinality: 1,
  });
  return { formId: form.id, locationKey: field.key! };
}

/** The `i`th write's place: spread over the map viewer's viewport (MAP's bbox) without repeating. */
const placeOf = (i: number) => ({
  lon: Number((33.5 + ((i * 0.618034) % 1) * 8.5).toFixed(6)),
  lat: Number((-5 + ((i * 0.414214) % 1) * 10).toFixed(6)),
});

/** Readers of the newest 20, each once every `EVERY_MS` (spread over the first period), until `done()`; their latencies. */
async function readNewest(url: string, readers: number, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: readers }, async (_, i) => {
      await pause((i * EVERY_MS) / readers);
      while (!done()) {
        const t0 = performance.now();
        const res = await fetch(`${url}${NEWEST}`);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t0);
        await pause(EVERY_MS - (performance.now() - t0));
      }
    }),
  );
  return latencies;
}

async function run(
  label: string,
  databaseUrl: string,
  password: string,
  rate: number,
  targets: Targets,
): Promise<{ written: number[]; survey: Survey | null }> {
  const node = await startNodeProcess(databaseUrl, { ADMIN_PASSWORD: password });
  const pid = node.child.pid!;
  const written: number[] = [];
  let survey: Survey | null = null;
  try {
    const admin = await passwordToken(node.url, 'admin', password);
    survey = await locatedSurvey(node.url, admin);
    const { formId, locationKey } = survey;
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
        await pause(1000 - (performance.now() - t0));
      }
    })();
    let rssPeak = rssOf(pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 500);

    const writes: number[] = [];
    let failed = 0;
    let skipped = 0;
    // Why writes failed: the status answered, or the error when none was.
    const reasons = new Map<string, number>();
    const fail = (reason: string) => {
      failed++;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    };
    let inFlight = 0;
    const runs: Array<Promise<void>> = [];
    const total = rate * SECONDS;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await pause(wait);
      // Bounded: past five seconds' worth in flight the writer counts a miss rather than piling on.
      if (inFlight >= rate * 5) {
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
            form: { id: formId },
            values: { [locationKey]: [placeOf(i)] },
          }),
        })
          .then(async (res) => {
            const body = (await res.json()) as { id?: number };
            if (res.status === 200 && body.id) {
              written.push(body.id);
              writes.push(performance.now() - t0);
            } else fail(`HTTP ${res.status}`);
          })
          .catch((error: Error & { cause?: { code?: string } }) => fail(error.cause?.code ?? error.message))
          .finally(() => void inFlight--),
      );
    }
    await Promise.all(runs);
    const elapsed = (performance.now() - begin) / 1000;
    stopped = true;
    const readsDuring = await readers;
    await viewer;
    clearInterval(sampler);

    const idleP95 = figuresOf(idle, 10).p95;
    const during = figuresOf(readsDuring, elapsed);
    const writeFigures = figuresOf(writes, elapsed);
    const achieved = written.length / elapsed;
    const success = (100 * written.length) / total;
    // Held: the target rate was asked, came through (within 2% for the timers' slack) and every write succeeded.
    const held = rate >= targets.rate && written.length === total && achieved >= rate * 0.98;
    const ratio = during.p95 / idleP95;
    const lines = [
      `\n${label}: ${total} writes asked at ${rate}/s over ${SECONDS} s, ${READERS} newest-20 readers ${EVERY_MS > 0 ? `each once every ${EVERY_MS} ms` : 'asking again as soon as answered'}, one map viewer`,
      `  achieved: ${achieved.toFixed(1)} writes/s; success ${success.toFixed(2)}% (${failed} failed${reasons.size ? `: ${[...reasons].map(([why, n]) => `${n} ${why}`).join(', ')}` : ''}, ${skipped} not sent: too many in flight); target ${targets.rate}/s held with 100%: ${verdict(held)}`,
      `  write p50 / p95 / p99: ${triple(writeFigures)}${targets.writeP95 === null ? '' : ` (target p95 ${targets.writeP95} ms: ${verdict(writeFigures.p95 <= targets.writeP95)})`}`,
      `  newest 20 p50 / p95 / p99: ${triple(during)}; idle p95 ${ms(idleP95)}; ${ratio.toFixed(1)}x idle${targets.readersX === null ? '' : ` (target at most ${targets.readersX}x: ${verdict(ratio <= targets.readersX)})`}`,
      `  map (country viewport, once a second) p50 / p95 / p99: ${triple(figuresOf(map, elapsed))}`,
      `  node RSS peak: ${rssPeak.toFixed(0)} MB`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    return { written, survey };
  } finally {
    await node.stop();
  }
}

if (which === 'external' || which === 'both') {
  const { handle, url } = await prepareBenchDatabase(serverUrl, POSTS, false);
  try {
    const { written, survey } = await run(
      `external Postgres, ${POSTS.toLocaleString('en')} posts`,
      url,
      BENCH_ADMIN_PASSWORD,
      RATE,
      EXTERNAL_TARGETS,
    );
    // Left behind, they would sit on top of the newest posts (and the map) for every later run.
    await sql`delete from posts where id = any(${written})`.execute(handle.db);
    if (survey) await sql`delete from forms where id = ${survey.formId}`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
if (which === 'embedded' || which === 'both') {
  await run('embedded database, a fresh deployment', '', 'bench-administrator', EMBEDDED_RATE, EMBEDDED_TARGETS);
}
