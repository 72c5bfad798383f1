import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { SOCKET_CAUGHT_UP, SOCKET_EVENT, type PushedEvent } from '@platform/shared';
import { io } from 'socket.io-client';
import { freshDatabase } from './fresh-database';
import { passwordToken } from './login';
import { startNodeProcess } from './node-process';

/**
 * `npm run bench -- import [--rows 100000 --bad-every 100 --batch 200]`
 *
 * Starts one API node as its own process on a fresh database (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server), uploads a CSV of `--rows` reports into a survey with a
 * required text field, a location and a number, where every `--bad-every`-th row lacks the required
 * field (1% by default), maps and starts it, and times it from the start to `import.completed`
 * (pushed over the socket). It then checks that exactly those rows were refused and reported (by
 * row number, in the job's counts and in the downloadable error report), and sets the exit code
 * when they were not; it prints the rate against issue 22's target.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}
const ROWS = arg('rows', 100_000);
const BAD_EVERY = arg('bad-every', 100);
const BATCH = arg('batch', 0);
/** Issue 22's target: validated rows a second through the API's import job. */
const TARGET_ROWS_PER_SECOND = 2_000;
const ADMIN_PASSWORD = 'bench-administrator';
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (typeof init.body === 'string') headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as Record<string, unknown> & { id?: number; key?: string; processed?: number; errors?: number }) : {};
}

/** Row numbers count the header as row 1 (as the error report does). */
const isBad = (i: number) => BAD_EVERY > 0 && i % BAD_EVERY === 0;
function reportsCsv(): { csv: string; bad: number[] } {
  const lines = ['Headline,Body,Reporter,Lat,Lon,People'];
  const bad: number[] = [];
  for (let i = 1; i <= ROWS; i++) {
    if (isBad(i)) bad.push(i + 1);
    lines.push(
      `Report ${i},"Water rising near the bridge, ${i}",${isBad(i) ? '' : `Reporter ${i % 97}`},-1.${i % 1000},36.${i % 997},${i % 50}`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, bad };
}

const databaseUrl = await freshDatabase(serverUrl, 'platform_bench_import');
const node = await startNodeProcess(databaseUrl, { ADMIN_PASSWORD, ...(BATCH > 0 ? { CSV_IMPORT_BATCH_ROWS: String(BATCH) } : {}) });
const api = `${node.url}/api/v3`;
try {
  const token = await passwordToken(node.url, 'admin', ADMIN_PASSWORD);
  const post = (path: string, body: unknown) => json(`${api}${path}`, { method: 'POST', token, body: JSON.stringify(body) });
  const form = await post('/forms', { name: 'Import benchmark', require_approval: false });
  const stage = await post(`/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  const field = async (body: Record<string, unknown>) =>
    (await post(`/forms/${form.id}/attributes`, { form_stage_id: stage.id, ...body })).key;
  await field({ label: 'Title', type: 'title', input: 'text', required: true, priority: 1 });
  await field({ label: 'Description', type: 'description', input: 'text', required: true, priority: 2 });
  const reporter = await field({ label: 'Reporter', type: 'varchar', input: 'text', required: true, priority: 3 });
  const place = await field({ label: 'Place', type: 'point', input: 'location', priority: 4 });
  const people = await field({ label: 'People', type: 'int', input: 'number', priority: 5 });

  const { csv, bad } = reportsCsv();
  const upload = new FormData();
  upload.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const uploaded = await json(`${api}/csv`, { method: 'POST', token, body: upload });
  await json(`${api}/csv/${uploaded.id}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({
      maps_to: ['title', 'content', reporter, `${place}.lat`, `${place}.lon`, people],
      fixed: { form: form.id, status: 'published' },
    }),
  });

  const socket = io(node.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once(SOCKET_CAUGHT_UP, () => resolve());
    socket.once('connect_error', reject);
  });
  let batches = 0;
  const ended = new Promise<PushedEvent>((resolve) =>
    socket.on(SOCKET_EVENT, (event: PushedEvent) => {
      if (event.aggregate_type !== 'import' || event.aggregate_id !== String(uploaded.id)) return;
      if (event.type === 'import.progressed') batches++;
      if (/^import\.(completed|failed|cancelled)$/.test(event.type)) resolve(event);
    }),
  );
  const started = performance.now();
  await post(`/csv/${uploaded.id}/import`, { id: uploaded.id, action: 'import' });
  const end = await ended;
  const seconds = (performance.now() - started) / 1000;
  socket.close();

  const result = await json(`${api}/csv/${uploaded.id}`, { token });
  const report = await (await fetch(`${api}/csv/${uploaded.id}/errors`, { headers: { Authorization: `Bearer ${token}` } })).text();
  const lines = report
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean);
  const reported = [...new Set(lines.map((line) => Number(line.split(',')[0])))];
  // Each refusal names the column the missing value came from.
  const named = lines.every((line) => line.split(',')[1] === 'Reporter');
  const exact = named && reported.length === bad.length && reported.every((row, i) => row === bad[i]);
  const ok = end.type === 'import.completed' && result.processed === ROWS - bad.length && result.errors === bad.length && exact;
  const rate = ROWS / seconds;
  const met = rate >= TARGET_ROWS_PER_SECOND;
  console.log(
    [
      `CSV import: ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB), ${bad.length} refused by validation, one API node, ${os.cpus().length} cores`,
      `  ${end.type} in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} validated rows/s (${batches} progress events)`,
      `  target ${TARGET_ROWS_PER_SECOND.toLocaleString('en')} rows/s: ${met ? 'met' : 'missed'}`,
      `  processed ${result.processed}, errors ${result.errors} (expected ${ROWS - bad.length} and ${bad.length}); the report lists ${reported.length} rows: ${exact ? 'exactly the bad ones, each with its column' : 'NOT the bad ones'}`,
      `  load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await node.stop();
}
