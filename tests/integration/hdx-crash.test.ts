import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type DbHandle } from '../../server/src/db/database';
import { apiClient } from './helpers/api';
import { ofExport, startExport, waitForExport } from './helpers/exports';
import { unique } from './helpers/factories';
import { builtServer, BUILT_MAIN_JS, loginAsAdmin } from './helpers/built-server';
import { CKAN_KEY, fakeCkan } from './helpers/fake-ckan';
import { createTestDatabase } from './helpers/server';
import { connectSocket } from './helpers/sockets';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-hdx-crash-'));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;
let keySaved = false;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

// As exports-crash.test.ts: the crash is proven against a real Postgres server and a real process.
describe.skipIf(inject('database').mode !== 'server')('an upload to the exchange whose server is killed', () => {
  it.each([
    ['before creating the resource', 'before'],
    ['after creating the resource, its answer lost', 'after'],
  ] as const)(
    'finishes after kill -9 and a restart, with one dataset and one resource, when resource_create hung %s',
    { timeout: 180_000 },
    async (_label, hang) => {
      expect(fs.existsSync(BUILT_MAIN_JS), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
      const ckan = fakeCkan({ hangFirstResourceCreate: hang });
      const base = await ckan.listen();
      // The exchange's timeout outlasts the kill; the lease it sets (2 x timeout + 10 s) is what the restart waits out.
      const built = builtServer(database.url, dataDir, { HDX_API_BASE_URL: base, HDX_TIMEOUT_MS: '4000' });
      try {
        const title = unique('Crash upload');
        await handle.db.insertInto('posts').values({ title, content: 'From the field', status: 'published', values: '{}' }).execute();

        const url = await built.start();
        const api = apiClient(url);
        const token = await loginAsAdmin(api);
        // Saved once per database: the administrator keeps it for the next case.
        if (!keySaved) {
          expect((await api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: CKAN_KEY }, { token })).status).toBe(200);
          keySaved = true;
        }
        const socket = await connectSocket(url, { token });
        const job = await startExport({ api }, token, { send_to_browser: false, send_to_hdx: true, filters: { q: title } });
        expect((await waitForExport(socket, job.id)).payload.status).toBe('PENDING_HDX');
        socket.close();
        const licenses = await api.get('/hxl/licenses', { token });
        const license = (licenses.body.results as { id: number; code: string }[]).find((l) => l.code === 'cc-by')!;
        const saved = await api.post(
          '/hxl/metadata',
          {
            export_job_id: job.id,
            organisation_id: 'org-relief',
            dataset_title: 'Crash upload',
            source: 'Community reporters',
            license_id: license.id,
          },
          { token },
        );
        expect(saved.status).toBe(200);

        // resource_create is under way (and hangs): kill -9 now.
        await within(ckan.hung, 30_000, 'resource_create');
        await built.stop('SIGKILL');
        const meta = () => handle.db.selectFrom('hxl_meta_data').selectAll().where('export_job_id', '=', job.id).executeTakeFirstOrThrow();
        expect(await meta()).toMatchObject({ upload_stage: 'file', upload_error: null });
        const atKill = await handle.db.selectFrom('export_jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
        expect(atKill.status).toBe('PENDING_HDX');
        const lastEvent = await handle.db
          .selectFrom('events')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();

        const restarted = await built.start();
        const tokenAgain = await loginAsAdmin(apiClient(restarted));
        const follower = await connectSocket(restarted, { token: tokenAgain, lastEventId: Number(lastEvent.id) });
        const end = await waitForExport(follower, job.id, 120_000);
        follower.close();
        const name = `crash-upload-export-${job.id}`;
        expect(end.type).toBe('export.completed');
        expect(end.payload).toMatchObject({ status: 'EXPORTED_TO_CDN', dataset_url: `${base}/dataset/${name}` });

        // Exactly one dataset and one resource on the exchange: the restart found what the first attempt made.
        expect([...ckan.packages.keys()]).toEqual([name]);
        expect(ckan.packages.get(name)!.resources.map((r) => r.name)).toEqual([`export-${job.id}.csv`]);
        expect(ckan.packages.get(name)!.resources[0]!.upload).toContain(title);
        const actions = ckan.received.map((c) => c.action);
        expect(actions.filter((a) => a === 'package_create')).toHaveLength(1);
        expect(actions.filter((a) => a === 'resource_create')).toHaveLength(hang === 'before' ? 2 : 1);
        expect(await meta()).toMatchObject({
          upload_stage: null,
          upload_lease_until: null,
          dataset_url: `${base}/dataset/${name}`,
          upload_error: null,
        });
        // Each stage was logged with the state it moved to: before the kill and again after the restart.
        const stages = await handle.db
          .selectFrom('events')
          .select(['type', 'payload'])
          .where('aggregate_type', '=', 'export')
          .where('aggregate_id', '=', String(job.id))
          .where('type', 'in', ['export.upload_progressed', 'export.completed'])
          .orderBy('id')
          .execute();
        expect(
          stages.map(
            (e) => `${e.type}:${(e.payload as { stage?: string; status: string }).stage ?? (e.payload as { status: string }).status}`,
          ),
        ).toEqual([
          'export.completed:PENDING_HDX',
          'export.upload_progressed:queued',
          'export.upload_progressed:dataset',
          'export.upload_progressed:file',
          'export.upload_progressed:dataset',
          'export.upload_progressed:file',
          'export.completed:EXPORTED_TO_CDN',
        ]);
        expect(ofExport(job.id)(end)).toBe(true);
      } finally {
        await built.stop('SIGTERM');
        await ckan.close();
      }
    },
  );
});
