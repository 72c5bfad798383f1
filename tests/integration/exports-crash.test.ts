import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './helpers/api';
import { exportEnded, startExport } from './helpers/exports';
import { unique } from './helpers/factories';
import { BUILT_MAIN_JS, killableServer, loginAsAdmin } from './helpers/built-server';
import { connectSocket } from './helpers/sockets';

// Small batches so the kill lands between many commits; a short claim so the restart takes over soon.
const crash = killableServer('export-crash', { EXPORT_BATCH_ROWS: '50', EXPORT_LEASE_SECONDS: '2' });

// As csv-crash.test.ts: the crash is proven against a real Postgres server.
describe.skipIf(inject('database').mode !== 'server')('an export whose server is killed', () => {
  it('is written again after kill -9 and a restart: every post exactly once in the finished file', { timeout: 240_000 }, async () => {
    expect(fs.existsSync(BUILT_MAIN_JS), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
    const posts = 20_000;
    const prefix = unique('Crash');
    for (let start = 0; start < posts; start += 2000)
      await crash.db
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

    const url = await crash.server.start();
    const api = apiClient(url);
    const token = await loginAsAdmin(api);
    const job = await startExport({ api }, token, { filters: { q: prefix } });

    // Killed once some batches have committed, well before the end.
    const row = () => crash.db.selectFrom('export_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    while ((await row()).processed_rows < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    await crash.server.stop('SIGKILL');
    const atKill = await row();
    expect(atKill.status).toBe('QUEUED');
    expect(atKill.processed_rows).toBeLessThan(posts);
    const partials = fs.readdirSync(path.join(crash.dataDir, 'exports')).filter((name) => name.endsWith('.part'));
    expect(partials).toHaveLength(1);
    const lastEvent = await crash.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    const restartedUrl = await crash.server.start();
    const adminAgain = await loginAsAdmin(apiClient(restartedUrl));
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
    expect(fs.readdirSync(path.join(crash.dataDir, 'exports')).filter((name) => name.startsWith(`${job.id}`))).toEqual([`${job.id}.csv`]);
  });
});
