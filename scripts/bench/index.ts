import { sql } from 'kysely';
import { BENCH_ADMIN_PASSWORD, prepareBenchDatabase } from './database';
import { passwordToken } from './login';
import { measure, measureArrivals, ms, type Figures } from './measure';
import { startNodeProcess } from './node-process';
import { scenarios, type Caller } from './scenarios';

// `npm run bench -- realtime [--sockets 1000 --changes 100 --burst 20]`: the socket fan-out benchmark.
if (process.argv.includes('realtime')) {
  await import('./realtime');
  process.exit(0);
}
// `npm run bench -- export [--posts 1000000 --batch 2000]`: a CSV export job (seconds, RSS, list p95 beside it).
if (process.argv.includes('export')) {
  await import('./export');
  process.exit(0);
}
// `npm run bench -- webhooks [--posts 1000 --hooks 5]`: post events fanned out to webhooks on a local receiver.
if (process.argv.includes('webhooks')) {
  await import('./webhooks');
  process.exit(0);
}
// `npm run bench -- sms [--rate 500 --seconds 30 --replies 10000]`: inbound SMS exactly once, and reply delivery.
if (process.argv.includes('sms')) {
  await import('./sms');
  process.exit(0);
}
// `npm run bench -- ingest [--rate 200 --embedded-rate 100 --seconds 60 --readers 20 --every 1000 --database both]`: writes pouring in, with readers and a map.
if (process.argv.includes('ingest')) {
  await import('./ingest');
  process.exit(0);
}
// `npm run bench -- import [--rows 100000 --bad-every 100]`: a CSV import with validation, in rows/s.
if (process.argv.includes('import')) {
  await import('./import');
  process.exit(process.exitCode ?? 0);
}
// `npm run bench -- browser [--posts 1000000 --visits 5]`: the map route in Chromium (bytes, first render).
if (process.argv.includes('browser')) {
  await import('./browser');
  process.exit(0);
}

/**
 * `npm run bench [-- --posts 1000000 --requests 200 --concurrency 4 --only newest --reseed]`
 * Seeds (once) a deployment on a real Postgres (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local server), starts an API node as its own process, and prints latency figures per scenario.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
const posts = Number(arg('posts') ?? 1_000_000);
const requests = Number(arg('requests') ?? 200);
const concurrency = Number(arg('concurrency') ?? 4);
const only = arg('only');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { handle, url, seeded } = await prepareBenchDatabase(serverUrl, posts, process.argv.includes('--reseed'));
// The node runs as its own process: the requests this process sends never wait on its event loop.
const node = await startNodeProcess(url);
// A node prepares the anonymous default map as it starts (seconds at a million posts, all of one
// core). The figures here are for a running node, so they wait for it: asking for that map shares
// the preparation and answers once it is done. How fast the first visitor after a start is served
// is measured apart, by `npm run bench -- browser`.
{
  const started = performance.now();
  const res = await fetch(`${node.url}/api/v3/posts/clusters?status[]=published&status[]=draft&zoom=2`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`the node could not prepare its default map: ${res.status}`);
  process.stdout.write(`  the node prepared its default map ${Math.round(performance.now() - started)} ms after it started listening\n`);
}

async function tokenFor(caller: Caller): Promise<string | undefined> {
  return caller === 'anonymous' ? undefined : passwordToken(node.url, 'admin', BENCH_ADMIN_PASSWORD);
}
const tokens = { anonymous: await tokenFor('anonymous'), admin: await tokenFor('admin') };

/**
 * Creates published posts through the API at a steady rate until `done()`, then deletes them the
 * same way: left behind, they would sit on top of the newest posts for every later run.
 */
async function writePosts(perSecond: number, done: () => boolean): Promise<void> {
  const started = Date.now();
  const written: number[] = [];
  const headers = { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': 'application/json' };
  for (let i = 0; !done(); i++) {
    const res = await fetch(`${node.url}/api/v3/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `Written during the bench ${i}`, content: 'A new report', status: 'published' }),
    });
    if (res.status !== 200) throw new Error(`writing a post answered ${res.status}: ${await res.text()}`);
    written.push(((await res.json()) as { id: number }).id);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ((i + 1) * 1000) / perSecond - Date.now())));
  }
  for (const id of written) await fetch(`${node.url}/api/v3/posts/${id}`, { method: 'DELETE', headers });
}

const rows: Array<{ name: string; api: Figures; sql?: Figures; target?: number; status: number }> = [];
for (const scenario of scenarios(seeded)) {
  if (only && !scenario.name.includes(only)) continue;
  const token = tokens[scenario.caller];
  let status = 0;
  let sent = 0;
  const total = Math.min(requests, scenario.requests ?? requests);
  const inFlight = Math.min(concurrency, scenario.concurrency ?? concurrency);
  let stopped = false;
  const beside = scenario.background;
  const background = beside
    ? (async () => {
        for (let j = 0; !stopped; j++) await (await fetch(`${node.url}${beside(j)}`)).arrayBuffer();
      })()
    : null;
  const writer = scenario.writesPerSecond ? writePosts(scenario.writesPerSecond, () => stopped) : null;
  const ask = async () => {
    const path = scenario.pathFor ? scenario.pathFor(sent) : scenario.path;
    sent++;
    const res = await fetch(`${node.url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (status === 0 || status === 200) status = res.status;
    await res.arrayBuffer();
  };
  // Visitors arriving on their own come to a map someone already had open: its index is there.
  if (scenario.arrivalsPerSecond) await ask();
  const api = scenario.arrivalsPerSecond
    ? await measureArrivals(ask, { total, perSecond: scenario.arrivalsPerSecond })
    : await measure(ask, { total, concurrency: inFlight, warmup: scenario.pathFor ? 0 : undefined });
  stopped = true;
  await background;
  await writer;
  const direct = scenario.sql
    ? await measure(
        async () => {
          if (scenario.path.startsWith('/api/v3/posts?'))
            await handle.db.transaction().execute(async (trx) => {
              await sql.raw('set local max_parallel_workers_per_gather = 0').execute(trx);
              await sql.raw(scenario.sql!).execute(trx);
            });
          else await sql.raw(scenario.sql!).execute(handle.db);
        },
        { total, concurrency: inFlight, warmup: scenario.pathFor ? 1 : undefined },
      )
    : undefined;
  rows.push({ name: scenario.name, api, sql: direct, target: scenario.targetP95, status });
  process.stdout.write(`  measured: ${scenario.name}\n`);
}

process.stdout.write(`\n${posts.toLocaleString('en')} posts, ${requests} requests per scenario, ${concurrency} in flight\n\n`);
process.stdout.write('| scenario | HTTP | p50 ms | p95 ms | p99 ms | req/s | SQL p95 ms | API/SQL p95 | target p95 |\n');
process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n');
for (const r of rows) {
  const ratio = r.sql ? (r.api.p95 / r.sql.p95).toFixed(1) + 'x' : '-';
  const target = r.target ? `${r.target} ${r.api.p95 <= r.target ? 'met' : 'MISSED'}` : '-';
  process.stdout.write(
    `| ${r.name} | ${r.status} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.api.p99)} | ${r.api.perSecond.toFixed(0)} | ${r.sql ? ms(r.sql.p95) : '-'} | ${ratio} | ${target} |\n`,
  );
}

await node.stop();
await handle.close();
