import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type DbHandle } from '../../server/src/db/database';
import { apiClient, type ApiClient } from './helpers/api';
import { TEST_ADMIN_PASSWORD } from './helpers/database';
import { exportEnded, startExport } from './helpers/exports';
import { passwordGrant, unique } from './helpers/factories';
import { createTestDatabase } from './helpers/server';
import { connectSocket } from './helpers/sockets';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.join(root, 'server/dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-export-crash-'));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;
let child: ChildProcess | undefined;

/** Starts `node server/dist/main.js` on the test database; resolves with its URL once it listens. */
function startBuiltServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Small batches so the kill lands between many commits; a short claim so the restart takes over soon.
        EXPORT_BATCH_ROWS: '50',
        EXPORT_LEASE_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}:\n${output}`)));
  });
}

async function stopChild(signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await stopChild('SIGTERM');
  await handle?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function login(api: ApiClient): Promise<string> {
  const res = await api.post('/oauth/token', passwordGrant('admin@example.com', TEST_ADMIN_PASSWORD));
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

// As csv-crash.test.ts: the crash is proven against a real Postgres server.
describe.skipIf(inject('database').mode !== 'server')('an export whose server is killed', () => {
  it('is written again after kill -9 and a restart: every post exactly once in the finished file', { timeout: 240_000 }, async () => {
    expect(fs.existsSync(mainJs), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
    const posts = 20_000;
    const prefix = unique('Crash');
    for (let start = 0; start < posts; start += 2000)
      await handle.db
        .insertInto('posts')
        .values(
          Array.from({ length: 2000 }, (_, i) => ({
            title: `${prefix} ${start + i}`,
            content: '=cmd',
            status: 'published' as const,
            values: '{}',
          })),
        )
        .execute();

    const url = await startBuiltServer();
    const api = apiClient(url);
    const token = await login(api);
    const job = await startExport({ api }, token, { filters: { q: prefix } });

    // Killed once some batches have committed, well before the end.
    const row = () => handle.db.selectFrom('export_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    while ((await row()).processed_rows < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    await stopChild('SIGKILL');
    const atKill = await row();
    expect(atKill.status).toBe('QUEUED');
    expect(atKill.processed_rows).toBeLessThan(posts);
    const partials = fs.readdirSync(path.join(dataDir, 'exports')).filter((name) => name.endsWith('.part'));
    expect(partials).toHaveLength(1);
    const lastEvent = await handle.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    const restartedUrl = await startBuiltServer();
    const adminAgain = await login(apiClient(restartedUrl));
    const follower = await connectSocket(restartedUrl, { token: adminAgain, lastEventId: Number(lastEvent.id) });
    const [end] = await follower.waitFor(exportEnded(job.id), 1, 180_000);
    follower.close();
    expect(end!.type).toBe('export.completed');
    expect(end!.payload).toMatchObject({ status: 'SUCCESS', processed_rows: posts, total_rows: posts });

    const done = await apiClient(restartedUrl).get(`/exports/jobs/${job.id}`, { token: adminAgain });
    const text = await (await fetch(done.body.url as string)).text();
    const [header, ...data] = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(header![0]).toBe('Post ID');
    expect(data).toHaveLength(posts);
    expect(new Set(data.map((r) => r[0])).size).toBe(posts);
    expect(data.every((r) => r[7] === "'=cmd")).toBe(true);
    // The dead worker's partial file is not left behind forever: only the finished file remains.
    expect(fs.readdirSync(path.join(dataDir, 'exports')).filter((name) => name.startsWith(`${job.id}`))).toEqual([`${job.id}.csv`]);
  });
});
