import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser } from './helpers/factories';
import { collectionTitles, importEnded, importSurvey, reportsCsv, startImport } from './helpers/csv';
import { createTestDatabase, startTestServer, type TestServer } from './helpers/server';
import { connectSocket } from './helpers/sockets';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let first: (TestServer & { stop: () => Promise<void> }) | undefined;
let second: (TestServer & { stop: () => Promise<void> }) | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

// Small batches, and a claim long enough that only the released claim explains a prompt resume.
const configure = (config: TestServer['ctx']['config']) => (config.csvImport = { batchRows: 10, leaseSeconds: 600 });

describe('a CSV import whose node shuts down', () => {
  it('gives its claim back, and the next start resumes it from the checkpoint: every row once', { timeout: 120_000 }, async () => {
    first = await startTestServer({ databaseUrl: database.url, configure });
    const admin = await adminToken(first);
    const survey = await importSurvey(first, admin);
    const rows = 600;
    const started = await startImport(first, admin, reportsCsv(rows, 0, 'Restart'), {
      maps_to: ['title', 'content', survey.text.key],
      fixed: { form: survey.form.id, status: 'published' },
    });
    const checkpoint = () => first!.ctx.db.selectFrom('csv_imports').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
    while ((await checkpoint()).next_row < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    const stopping = first.stop();
    await stopping;
    first = undefined;

    second = await startTestServer({ databaseUrl: database.url, configure });
    const stopped = await second.ctx.db.selectFrom('csv_imports').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(stopped.next_row).toBeLessThan(rows);
    const socket = await connectSocket(second.url, { token: await adminToken(second), lastEventId: 1 });
    try {
      const [end] = await socket.waitFor(importEnded(started.id), 1, 90_000);
      expect(end!.payload).toMatchObject({ status: 'SUCCESS', processed: rows, errors: 0, total: rows });
    } finally {
      socket.close();
    }
    const titles = await collectionTitles(second, started.collection_id);
    expect(titles).toHaveLength(rows);
    expect(new Set(titles).size).toBe(rows);
    await second.stop();
    second = undefined;
  });

  it('fails, with import.failed, an import whose importing user is gone before it runs', { timeout: 120_000 }, async () => {
    // A node without workers takes the start; the job runs on the next node, once the account is deleted.
    const api = (first = await startTestServer({ databaseUrl: database.url, configure: (config) => (config.runWorkers = false) }));
    const admin = await adminToken(api);
    const importer = await createUser(api, { role: await createRole(api, ['Bulk Data Import and Export']) });
    const survey = await importSurvey(api, admin);
    const started = await startImport(api, importer.token, reportsCsv(5), {
      maps_to: ['title', 'content', survey.text.key],
      fixed: { form: survey.form.id },
    });
    await api.ctx.db.deleteFrom('users').where('id', '=', importer.id).execute();
    await api.stop();
    first = undefined;

    second = await startTestServer({ databaseUrl: database.url, configure });
    const socket = await connectSocket(second.url, { token: await adminToken(second), lastEventId: 1 });
    try {
      const [end] = await socket.waitFor(importEnded(started.id), 1, 60_000);
      expect(end!.type).toBe('import.failed');
      expect(end!.payload).toMatchObject({ status: 'FAILED', processed: 0, total: 5 });
    } finally {
      socket.close();
    }
    const failed = await second.api.get(`/csv/${started.id}`, { token: await adminToken(second) });
    expect(failed.body).toMatchObject({ status: 'FAILED', completed: false, user: null });
    expect(await collectionTitles(second, started.collection_id)).toEqual([]);
  });
});
