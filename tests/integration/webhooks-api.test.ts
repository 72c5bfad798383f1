import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { resetConfig, setFeature } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, newForm } from './helpers/surveys';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

// No allow-list here: internal addresses are refused at save and at delivery (issue 25 item 4).
let server: TestServer & { close: () => Promise<void> };
let receiver: Receiver;
let admin: string;
let anonymousClient: string;
let member: TestUser;
let settingsManager: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOK_RETRY_LIMIT: '0' } });
  receiver = await startReceiver();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});
afterEach(async () => resetConfig(server, 'features', 'webhooks'));

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const SECRET = 'this-is-a-secret-of-24ch';

const body = (extra: Record<string, unknown> = {}) => ({
  name: unique('Hook '),
  shared_secret: SECRET,
  url: 'https://receiver.example.org/hook',
  event_type: 'create',
  entity_type: 'post',
  ...extra,
});

async function createWebhook(extra: Record<string, unknown> = {}) {
  const res = await server.api.post('/webhooks', body(extra), { token: admin });
  expectStatus(res, 200);
  return res.body as Record<string, any> & { id: number };
}

describe('/webhooks access (API-CONTRACT 14.6, 17)', () => {
  it('is for admins only: 401 without a token, 403 for anyone else', async () => {
    const hook = await createWebhook();
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['GET', `/webhooks/${hook.id}`],
      ['PUT', `/webhooks/${hook.id}`],
      ['DELETE', `/webhooks/${hook.id}`],
      ['GET', `/webhooks/${hook.id}/deliveries`],
    ] as const) {
      const anonymous = await server.api.request(method, path, { body: method === 'POST' || method === 'PUT' ? body() : undefined });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({ errors: [{ status: 401, message: 'Unauthorized.' }] });
      for (const token of [anonymousClient, member.token, settingsManager.token]) {
        const res = await server.api.request(method, path, { token, body: method === 'POST' || method === 'PUT' ? body() : undefined });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.errors[0].status).toBe(403);
      }
    }
    expectStatus(await server.api.get(`/webhooks/${hook.id}`, { token: admin }), 200);
  });

  it('answers 404 everywhere while the webhooks feature is off', async () => {
    const hook = await createWebhook();
    await setFeature(server, 'webhooks', false);
    expect((await server.api.get('/webhooks', { token: admin })).status).toBe(404);
    expect((await server.api.get(`/webhooks/${hook.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.post('/webhooks', body(), { token: admin })).status).toBe(404);
    expect((await server.api.put('/webhooks/posts/1', {})).status).toBe(404);
    // Posts made meanwhile owe no deliveries, then or later.
    const quiet = await createPost(server, admin, postBody(null));
    await server.services.webhooks.start();
    await setFeature(server, 'webhooks', true);
    expectStatus(await server.api.get(`/webhooks/${hook.id}`, { token: admin }), 200);
    await server.services.webhooks.start();
    expect(await server.ctx.db.selectFrom('webhook_deliveries').select('id').where('post_id', '=', quiet.id).execute()).toEqual([]);
    const loud = await createPost(server, admin, postBody(null));
    await expect
      .poll(async () =>
        (await server.ctx.db.selectFrom('webhook_deliveries').select('webhook_id').where('post_id', '=', loud.id).execute()).map(
          (d) => d.webhook_id,
        ),
      )
      .toContain(hook.id);
  });
});

describe('/webhooks CRUD', () => {
  it('creates with the contract JSON, secret included for the admin', async () => {
    const res = await server.api.post('/webhooks', body({ name: 'Newsroom feed' }), { token: admin });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: 'https://receiver.example.org/hook',
      user: { id: expect.any(Number), url: expect.stringMatching(/\/api\/v3\/users\/\d+$/) },
      form_id: null,
      name: 'Newsroom feed',
      shared_secret: SECRET,
      webhook_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event_type: 'create',
      entity_type: 'post',
      source_field_key: null,
      destination_field_key: null,
      protected: false,
      created: expect.stringMatching(W3C),
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
  });

  it('validates every field with the 422 envelope', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'ab' }, '/name'],
      [{ name: 'x'.repeat(151) }, '/name'],
      [{ name: undefined }, '/name'],
      [{ shared_secret: 'x'.repeat(19) }, '/shared_secret'],
      [{ shared_secret: undefined }, '/shared_secret'],
      [{ url: 'not a url' }, '/url'],
      [{ url: 'ftp://files.example.org/x' }, '/url'],
      [{ url: undefined }, '/url'],
      [{ event_type: 'publish' }, '/event_type'],
      [{ entity_type: 'user' }, '/entity_type'],
      [{ source_field_key: 'title' }, '/form_id'],
      [{ form_id: 99999999 }, '/form_id'],
      [{ form_id: 'one' }, '/form_id'],
    ];
    for (const [extra, pointer] of cases) {
      const res = await server.api.post('/webhooks', body(extra), { token: admin });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ status: 422, message: expect.stringMatching(/^Failed to validate webhook entity/) });
      expect(
        res.body.errors.slice(1).map((e: { source: { pointer: string } }) => e.source.pointer),
        JSON.stringify(extra),
      ).toContain(pointer);
    }
    expect((await server.api.post('/webhooks', body({ name: 'abc', shared_secret: 'x'.repeat(20) }), { token: admin })).status).toBe(200);
    expect((await server.api.post('/webhooks', body({ name: 'x'.repeat(150) }), { token: admin })).status).toBe(200);
  });

  it('refuses internal addresses at save unless allow-listed', async () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/hook',
      'http://[::1]/hook',
      'http://10.0.0.5/hook',
      'http://192.168.1.20/hook',
      'http://100.64.0.1/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await server.api.post('/webhooks', body({ url }), { token: admin });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[1]).toMatchObject({ source: { pointer: '/url' }, message: expect.stringContaining('The URL is not allowed') });
    }
    const hook = await createWebhook();
    const update = await server.api.put(`/webhooks/${hook.id}`, { url: 'http://169.254.169.254/' }, { token: admin });
    expectField(update, '/url', update.body.errors[1].message);
    expect((await server.api.get(`/webhooks/${hook.id}`, { token: admin })).body.url).toBe(hook.url);
  });

  it('reads, lists, updates partially and deletes', async () => {
    const form = await newForm(server, admin);
    const hook = await createWebhook({ form_id: form.id, source_field_key: 'title', destination_field_key: 'category-key' });
    expect(hook).toMatchObject({ form_id: form.id, source_field_key: 'title', destination_field_key: 'category-key' });
    expect((await server.api.get(`/webhooks/${hook.id}`, { token: admin })).body).toEqual(hook);

    const list = await server.api.get(`/webhooks?form_id=${form.id}`, { token: admin });
    expect(list.body).toMatchObject({ count: 1, total_count: 1, orderby: 'id', order: 'asc' });
    expect(list.body.results[0].id).toBe(hook.id);

    const renamed = await server.api.put(`/webhooks/${hook.id}`, { name: 'Renamed hook', event_type: 'update' }, { token: admin });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed hook',
      event_type: 'update',
      url: hook.url,
      form_id: form.id,
      updated: expect.stringMatching(W3C),
    });

    // The form toggle off clears the survey and both keys (spec 3 section 5).
    const cleared = await server.api.put(`/webhooks/${hook.id}`, { form_id: null }, { token: admin });
    expect(cleared.body).toMatchObject({ form_id: null, source_field_key: null, destination_field_key: null });

    const deleted = await server.api.del(`/webhooks/${hook.id}`, { token: admin });
    expectStatus(deleted, 200);
    expect(deleted.body.id).toBe(hook.id);
    expect((await server.api.get(`/webhooks/${hook.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.del(`/webhooks/${hook.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.put(`/webhooks/${hook.id}`, { name: 'gone hook' }, { token: admin })).status).toBe(404);
  });

  it('never deletes a protected webhook', async () => {
    const hook = await createWebhook();
    await server.ctx.db.updateTable('webhooks').set({ protected: true }).where('id', '=', hook.id).execute();
    const got = await server.api.get(`/webhooks/${hook.id}`, { token: admin });
    expect(got.body.allowed_privileges).not.toContain('delete');
    const res = await server.api.del(`/webhooks/${hook.id}`, { token: admin });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe('Protected webhooks can not be deleted');
    expectStatus(await server.api.get(`/webhooks/${hook.id}`, { token: admin }), 200);
  });
});

describe('delivery refuses internal addresses (issue 25 item 4)', () => {
  it('sends nothing to 127.0.0.1, 169.254.169.254 or a name resolving to loopback, even when stored', async () => {
    // Rows written straight to the table: as if saved before a guard existed, or by an operator.
    const owner = (await server.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirstOrThrow())
      .id;
    const paths = ['/direct', '/metadata', '/named'];
    const urls = [receiver.url('/direct'), 'http://169.254.169.254/metadata', `http://localhost:${receiver.port}/named`];
    const ids: number[] = [];
    for (const url of urls) {
      const row = await server.ctx.db
        .insertInto('webhooks')
        .values({
          user_id: owner,
          name: unique('raw'),
          shared_secret: SECRET,
          url,
          event_type: 'create',
          form_id: null,
          source_field_key: null,
          destination_field_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const post = await createPost(server, admin, postBody(null));
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db
              .selectFrom('webhook_deliveries')
              .selectAll()
              .where('post_id', '=', post.id)
              .where('webhook_id', 'in', ids)
              .execute()
          ).map((d) => d.status),
        { timeout: 15_000 },
      )
      .toEqual(['failed', 'failed', 'failed']);
    const list = await server.api.get(`/webhooks/${ids[0]}/deliveries`, { token: admin });
    expect(list.body.results[0]).toMatchObject({ post_id: post.id, status: 'failed', attempts: 1, last_status_code: null });
    expect(list.body.results[0].attempt_log).toEqual([
      {
        attempted_at: expect.stringMatching(W3C),
        status_code: null,
        duration_ms: expect.any(Number),
        error: expect.stringMatching(/^refused: .*loopback/),
      },
    ]);
    const metadata = await server.api.get(`/webhooks/${ids[1]}/deliveries`, { token: admin });
    expect(metadata.body.results[0].last_error).toMatch(/linkLocal/);
    for (const path of paths) expect(receiver.at(path)).toEqual([]);
    await server.ctx.db.deleteFrom('webhooks').where('id', 'in', ids).execute();
  });
});
