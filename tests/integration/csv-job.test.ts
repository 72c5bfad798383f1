import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, type TestUser } from './helpers/factories';
import { collectionTitles, importJobsSettled, importSurvey, reportsCsv, startImport, waitForImport } from './helpers/csv';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { dropConfig, expectStatus, storeConfig } from './helpers/surveys';

let server: TestServer & { stop: () => Promise<void> };
let admin: string;
let importer: TestUser;
let member: TestUser;
let socket: TestSocket;
let survey: Awaited<ReturnType<typeof importSurvey>>;

beforeAll(async () => {
  // Small batches: many transactions, so a cancel lands mid-run.
  server = await startTestServer({ configure: (config) => (config.csvImport = { batchRows: 10, leaseSeconds: 30 }) });
  admin = await adminToken(server);
  importer = await createUser(server, { role: await createRole(server, ['Bulk Data Import and Export']) });
  member = await createUser(server);
  survey = await importSurvey(server, admin);
  socket = await connectSocket(server.url, { token: admin });
});

afterAll(async () => {
  socket?.close();
  await server?.close();
});

const mapping = (fixed: Record<string, unknown> = {}) => ({
  maps_to: ['title', 'content', survey.text.key],
  fixed: { form: survey.form.id, ...fixed },
});
const ofImport = (id: number) => (e: { aggregate_type: string; aggregate_id: string }) =>
  e.aggregate_type === 'import' && e.aggregate_id === String(id);

describe('the import job', () => {
  it('pushes progress per batch (processed, errors, total) to administrators and bulk importers only', async () => {
    const importerSocket = await connectSocket(server.url, { token: importer.token });
    const memberSocket = await connectSocket(server.url, { token: member.token });
    const anonymousSocket = await connectSocket(server.url);
    try {
      const started = await startImport(server, admin, reportsCsv(45, 10), mapping({ status: 'published' }));
      const ended = await waitForImport(socket, started.id);
      expect(ended.type).toBe('import.completed');
      const progress = socket.events.filter((e) => ofImport(started.id)(e) && e.type === 'import.progressed').map((e) => e.payload);
      // The start, then one per batch of 10: 10, 20, 30, 40, 45 rows done.
      expect(progress.map((p) => (p.processed as number) + (p.errors as number))).toEqual([0, 10, 20, 30, 40, 45]);
      expect(progress.at(-1)).toMatchObject({
        processed: 41,
        errors: 4,
        total: 45,
        status: 'SUCCESS',
        collection_id: started.collection_id,
      });
      await importerSocket.waitFor((e) => ofImport(started.id)(e) && e.type === 'import.completed');
      // The member's socket hears of the posts it may read, never of the import.
      await memberSocket.waitFor((e) => e.type === 'post.created');
      expect(memberSocket.events.filter(ofImport(started.id))).toEqual([]);
      expect(anonymousSocket.events.filter(ofImport(started.id))).toEqual([]);
      const done = (await server.api.get(`/csv/${started.id}/errors`, { token: admin })).text;
      expect(done.trim().split('\r\n')).toHaveLength(5);
    } finally {
      importerSocket.close();
      memberSocket.close();
      anonymousSocket.close();
    }
  });

  it('DELETE cancels a running import: it stops before its next batch and keeps what it wrote', async () => {
    const started = await startImport(server, admin, reportsCsv(3000, 0, 'Cancel'), mapping());
    await socket.waitFor(
      (e) => ofImport(started.id)(e) && e.type === 'import.progressed' && (e.payload.processed as number) >= 20,
      1,
      30_000,
    );
    const cancelled = await server.api.del(`/csv/${started.id}`, { token: admin });
    expectStatus(cancelled, 200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(cancelled.body.processed).toBeGreaterThanOrEqual(20);
    expect(cancelled.body.processed).toBeLessThan(3000);
    const [event] = await socket.waitFor((e) => ofImport(started.id)(e) && e.type === 'import.cancelled');
    expect(event!.payload).toMatchObject({ status: 'CANCELLED', processed: cancelled.body.processed, total: 3000 });

    await importJobsSettled(server, started.id);
    const titles = await collectionTitles(server, started.collection_id);
    expect(titles).toHaveLength(cancelled.body.processed);
    expect(new Set(titles).size).toBe(titles.length);
    const after = await server.api.get(`/csv/${started.id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'CANCELLED', processed: cancelled.body.processed, completed: false });
    expect(socket.events.filter((e) => ofImport(started.id)(e) && e.type === 'import.completed')).toEqual([]);
  });

  it('is absent (404) while the data-import feature is off', async () => {
    const features = (await server.api.get('/config/features', { token: admin })).body;
    await storeConfig(server, 'features', 'data-import', { ...features['data-import'], enabled: false });
    try {
      expectStatus(await server.api.get('/csv', { token: admin }), 404);
    } finally {
      await dropConfig(server, 'features', 'data-import');
    }
    expectStatus(await server.api.get('/csv', { token: admin }), 200);
  });
});
