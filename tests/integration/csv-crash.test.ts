import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './helpers/api';
import { importEnded, importSurvey, reportsCsv, startImport } from './helpers/csv';

import { BUILT_MAIN_JS, killableServer, loginAsAdmin } from './helpers/built-server';
import type { TestServer } from './helpers/server';
import { connectSocket } from './helpers/sockets';

// Small batches so the kill lands between many commits; a short claim so the restart takes over soon.
const crash = killableServer('csv-crash', { CSV_IMPORT_BATCH_ROWS: '25', CSV_IMPORT_LEASE_SECONDS: '2' });

// On the embedded fallback the database lives in this test process, and pglite-socket trips over the
// killed server's connections as the database is dropped; the crash is proven against a real server.
describe.skipIf(inject('database').mode !== 'server')('a CSV import whose server is killed', () => {
  it(
    'resumes after kill -9 and a restart from its last committed batch: every row once, the job finishes',
    { timeout: 240_000 },
    async () => {
      expect(fs.existsSync(BUILT_MAIN_JS), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
      const url = await crash.server.start();
      const api = apiClient(url);
      const token = await loginAsAdmin(api);
      const server = { url, api } as unknown as TestServer;
      const survey = await importSurvey(server, token);
      const rows = 4000;
      const started = await startImport(server, token, reportsCsv(rows, 100, 'Crash'), {
        maps_to: ['title', 'content', survey.text.key],
        fixed: { form: survey.form.id, status: 'published' },
      });

      // Killed once a few batches have committed (the checkpoint in the database says so), well before the end.
      const checkpoint = () => crash.db.selectFrom('csv_imports').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
      while ((await checkpoint()).next_row < 100) await new Promise((resolve) => setTimeout(resolve, 20));
      await crash.server.stop('SIGKILL');
      const atKill = await checkpoint();
      expect(atKill.status).toBe('PENDING');
      expect(atKill.next_row).toBeLessThan(rows);
      // Each row's post and its batch's checkpoint committed together.
      const committed = await crash.db
        .selectFrom('posts_sets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('set_id', '=', started.collection_id)
        .executeTakeFirstOrThrow();
      expect(Number(committed.n)).toBe(atKill.processed);
      const lastEvent = await crash.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();

      const restartedUrl = await crash.server.start();
      const adminAgain = await loginAsAdmin(apiClient(restartedUrl));
      // Caught up from the event log: a socket that saw progress before the kill sees the end after the restart.
      const follower = await connectSocket(restartedUrl, { token: adminAgain, lastEventId: Number(lastEvent.id) });
      const [end] = await follower.waitFor(importEnded(started.id), 1, 180_000);
      follower.close();
      expect(end!.type).toBe('import.completed');
      expect(end!.payload).toMatchObject({ status: 'SUCCESS', processed: rows - rows / 100, errors: rows / 100, total: rows });

      const titles = await crash.db
        .selectFrom('posts_sets')
        .innerJoin('posts', 'posts.id', 'posts_sets.post_id')
        .select('posts.title')
        .where('posts_sets.set_id', '=', started.collection_id)
        .execute();
      expect(titles).toHaveLength(rows - rows / 100);
      expect(new Set(titles.map((t) => t.title)).size).toBe(titles.length);
      const refused = await crash.db.selectFrom('csv_import_errors').select('row').where('import_id', '=', started.id).execute();
      expect(refused.map((r) => r.row).sort((a, b) => a - b)).toEqual(Array.from({ length: rows / 100 }, (_, i) => (i + 1) * 100 + 1));
    },
  );
});
