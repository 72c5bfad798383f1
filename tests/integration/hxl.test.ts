import { HxlMessages, type PushedEvent } from '@platform/shared';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CKAN_KEY, CKAN_SLOW_KEY, fakeCkan } from './helpers/fake-ckan';
import { ofExport, startExport, waitForExport } from './helpers/exports';
import { adminToken, createRole, createUser, type TestUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { resetConfig, setFeature } from './helpers/settings';
import { connectSocket, type TestSocket } from './helpers/sockets';

const KEY = CKAN_KEY;
const SLOW_KEY = CKAN_SLOW_KEY;

let ckan: ReturnType<typeof fakeCkan>;
let server: TestServer & { close: () => Promise<void> };
let admin: string;
let exporter: TestUser;
let other: TestUser;
let socket: TestSocket;
let licenseId: number;
let ckanBase: string;
const logged: string[] = [];

beforeAll(async () => {
  ckan = fakeCkan();
  const base = await ckan.listen();
  ckanBase = base;
  server = await startTestServer({ env: { HDX_API_BASE_URL: base, HDX_TIMEOUT_MS: '800', LOG_LEVEL: 'debug' } });
  // Every line the node writes (requests included, at debug level), as it would reach the log.
  (server.ctx.logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => logged.push(line) };
  admin = await adminToken(server);
  exporter = await createUser(server, { role: await createRole(server, ['Bulk Data Import and Export']) });
  other = await createUser(server);
  socket = await connectSocket(server.url, { token: exporter.token });
  const saved = await server.api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: KEY }, { token: exporter.token });
  expect(saved.status).toBe(200);
  await server.api.post('/users/me/settings', { config_key: 'hdx_maintainer_id', config_value: 'maintainer-7' }, { token: exporter.token });
  const licenses = await server.api.get('/hxl/licenses', { token: exporter.token });
  licenseId = (licenses.body.results as { id: number; code: string }[]).find((l) => l.code === 'cc-by')!.id;
});

afterAll(async () => {
  socket?.close();
  await server?.close();
  await ckan?.close();
});

afterEach(async () => resetConfig(server, 'features', 'hxl'));

const metadata = (exportJobId: number, extra: Record<string, unknown> = {}) => ({
  export_job_id: exportJobId,
  organisation_id: 'org-relief',
  organisation_name: 'Relief Org',
  dataset_title: 'Flood reports Kisumu',
  source: 'Community reporters',
  license_id: licenseId,
  description: 'Reports sent by residents',
  ...extra,
});

/** An export for the exchange whose file is written (PENDING_HDX, waiting for its metadata). */
async function exchangeExport(): Promise<number> {
  const job = await startExport(server, exporter.token, { send_to_browser: false, send_to_hdx: true });
  const ended = await waitForExport(socket, job.id);
  expect(ended.payload.status).toBe('PENDING_HDX');
  return job.id;
}

const endedAs = (id: number, status: string) => (event: PushedEvent) => ofExport(id)(event) && event.payload.status === status;

describe('/hxl reference lists', () => {
  it('lists the HXL tags with their attributes and the exchange licenses; 404 with the feature off, 401 without a token', async () => {
    const tags = await server.api.get('/hxl/tags', { token: exporter.token });
    expect(tags.status).toBe(200);
    const adm1 = (tags.body.results as { tag_name: string; attributes: { attribute: string }[] }[]).find((t) => t.tag_name === '#adm1');
    expect(adm1?.attributes.map((a) => a.attribute)).toEqual(['+code', '+name']);
    expect(tags.body.count).toBe(tags.body.results.length);
    const licenses = await server.api.get('/hxl/licenses', { token: exporter.token });
    expect(licenses.body.results).toContainEqual(
      expect.objectContaining({ code: 'cc-by', url: `${server.url}/api/v3/hxl/licenses/${licenseId}` }),
    );
    expect((await server.api.get('/hxl/tags')).status).toBe(401);
    await setFeature(server, 'hxl', false);
    for (const path of ['/hxl/tags', '/hxl/licenses', '/hxl/organisations', '/hxl/metadata']) {
      const res = await server.api.get(path, { token: exporter.token });
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ status: 404 });
    }
  });
});

describe('/hxl/organisations', () => {
  it("asks the exchange with the caller's own key and answers its organisations", async () => {
    const before = ckan.received.length;
    const res = await server.api.get('/hxl/organisations', { token: exporter.token });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ id: 'org-relief', name: 'relief-org', title: 'Relief Org' }]);
    const call = ckan.received.slice(before).find((r) => r.action === 'organization_list_for_user')!;
    expect(call.authorization).toBe(KEY);
    expect(call.query.get('permission')).toBe('create_dataset');
  });

  it('answers an envelope error without a key (422), when the exchange refuses (502) and when it times out (504)', async () => {
    const noKey = await server.api.get('/hxl/organisations', { token: admin });
    expect(noKey.status).toBe(422);
    expect(noKey.body.errors[0]).toMatchObject({ status: 422, message: HxlMessages.noKey });
    const wrong = await createUser(server, { role: await createRole(server, ['Bulk Data Import and Export']) });
    await server.api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: 'wrong-key-9999' }, { token: wrong.token });
    const refused = await server.api.get('/hxl/organisations', { token: wrong.token });
    expect(refused.status).toBe(502);
    expect(refused.body.errors[0].message).toContain('Authorization Error');
    const slow = await createUser(server);
    await server.api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: SLOW_KEY }, { token: slow.token });
    const timedOut = await server.api.get('/hxl/organisations', { token: slow.token });
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.errors[0]).toMatchObject({ status: 504, message: HxlMessages.unreachable });
  });
});

describe('POST /hxl/metadata', () => {
  it("checks the spec's required fields with its messages", async () => {
    const res = await server.api.post('/hxl/metadata', {}, { token: exporter.token });
    expect(res.status).toBe(422);
    const messages = (res.body.errors as { message: string; source?: { pointer: string } }[])
      .filter((e) => e.source)
      .map((e) => [e.source!.pointer, e.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['/dataset_title', HxlMessages.title],
        ['/source', HxlMessages.source],
        ['/organisation_id', HxlMessages.organisation],
        ['/license_id', HxlMessages.license],
      ]),
    );
    const browserJob = await startExport(server, exporter.token, {});
    const notExchange = await server.api.post('/hxl/metadata', metadata(browserJob.id), { token: exporter.token });
    expect(notExchange.status).toBe(422);
    expect(notExchange.body.errors).toContainEqual(
      expect.objectContaining({ message: HxlMessages.exportJob, source: { pointer: '/export_job_id' } }),
    );
    const members = await server.api.post('/hxl/metadata', metadata(browserJob.id), { token: other.token });
    expect(members.status).toBe(403);
  });

  it('uploads the file through package_create and resource_create, once, and ends EXPORTED_TO_CDN', async () => {
    const id = await exchangeExport();
    const before = ckan.received.length;
    const saved = await server.api.post('/hxl/metadata', metadata(id, { private: false }), { token: exporter.token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ export_job_id: id, user_id: exporter.id, private: false, dataset_title: 'Flood reports Kisumu' });
    await socket.waitFor(endedAs(id, 'EXPORTED_TO_CDN'), 1, 20_000);
    const calls = ckan.received.slice(before);
    expect(calls.map((c) => `${c.method} ${c.action}`)).toEqual(['GET package_show', 'POST package_create', 'POST resource_create']);
    for (const call of calls) expect(call.authorization).toBe(KEY);
    const name = `flood-reports-kisumu-export-${id}`;
    expect(calls[0]!.query.get('id')).toBe(name);
    expect(calls[1]!.body).toMatchObject({
      name,
      title: 'Flood reports Kisumu',
      owner_org: 'org-relief',
      license_id: 'cc-by',
      private: false,
      maintainer: 'maintainer-7',
      dataset_source: 'Community reporters',
      notes: 'Reports sent by residents',
    });
    const file = calls[2]!.body as {
      package_id: string;
      name: string;
      format: string;
      upload: { text: string; type: string; filename: string };
    };
    expect(file).toMatchObject({ package_id: ckan.packages.get(name)!.id, name: `export-${id}.csv`, format: 'CSV' });
    expect(file.upload.filename).toBe(`export-${id}.csv`);
    expect(file.upload.text).toContain('Post ID');
    const job = await server.api.get(`/exports/jobs/${id}`, { token: exporter.token });
    expect(job.body).toMatchObject({ status: 'EXPORTED_TO_CDN', hxl_meta_data_id: saved.body.id });
    // Each stage was pushed as it was recorded; the metadata keeps the dataset's page.
    const stages = socket.events.filter((e) => ofExport(id)(e) && e.type === 'export.upload_progressed').map((e) => e.payload.stage);
    expect(stages).toEqual(['queued', 'dataset', 'file']);
    const described = await server.api.get(`/hxl/metadata/${saved.body.id as number}`, { token: exporter.token });
    expect(described.body).toMatchObject({ upload_stage: null, dataset_url: `${ckanBase}/dataset/${name}`, upload_error: null });

    // A worker killed after the upload, before it said so: the retried job finds the dataset and its file.
    await server.ctx.db.updateTable('export_jobs').set({ status: 'PENDING_HDX' }).where('id', '=', id).execute();
    const retryFrom = ckan.received.length;
    await server.services.hxl.job.handle({ exportId: id });
    expect(ckan.received.slice(retryFrom).map((c) => c.action)).toEqual(['package_show']);
    expect(ckan.packages.get(name)!.resources).toHaveLength(1);
    expect((await server.api.get(`/exports/jobs/${id}`, { token: exporter.token })).body.status).toBe('EXPORTED_TO_CDN');
  });

  it('marks the export FAILED with the upload error when the exchange refuses', async () => {
    const id = await exchangeExport();
    const saved = await server.api.post('/hxl/metadata', metadata(id, { organisation_id: 'org-refusing' }), { token: exporter.token });
    expect(saved.status).toBe(200);
    const [failed] = await socket.waitFor((e) => ofExport(id)(e) && e.type === 'export.failed', 1, 20_000);
    expect(failed!.payload).toMatchObject({
      status: 'FAILED',
      message: 'data_export.upload_progressed_data_err',
      reason: 'package_create: Authorization Error (User not authorized to add dataset to this organization)',
    });
    const described = await server.api.get(`/hxl/metadata/${saved.body.id as number}`, { token: exporter.token });
    expect(described.body).toMatchObject({ upload_stage: null, dataset_url: null, upload_error: failed!.payload.reason });
    expect((await server.api.get(`/exports/jobs/${id}`, { token: exporter.token })).body.status).toBe('FAILED');
  });
});

describe('the exchange API key', () => {
  it('is never shown whole: masked to its owner and admins, refused to others, absent from answers and logs', async () => {
    const own = await server.api.get(`/users/${exporter.id}/settings`, { token: exporter.token });
    const ownKey = (own.body.results as { config_key: string; config_value: string }[]).find((s) => s.config_key === 'hdx_api_key')!;
    expect(ownKey.config_value).toBe(`${'*'.repeat(KEY.length - 4)}${KEY.slice(-4)}`);
    expect((await server.api.get(`/users/${exporter.id}/settings`, { token: other.token })).status).toBe(403);
    const byAdmin = await server.api.get(`/users/${exporter.id}/settings`, { token: admin });
    expect(JSON.stringify(byAdmin.body)).not.toContain(KEY);
    const users = await server.api.get('/users', { token: admin });
    expect(JSON.stringify(users.body)).not.toContain(KEY);
    const meta = await server.api.get('/hxl/metadata', { token: exporter.token });
    expect(meta.status).toBe(200);
    expect(JSON.stringify(meta.body)).not.toContain(KEY);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(KEY);
  });
});
