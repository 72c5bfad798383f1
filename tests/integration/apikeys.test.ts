import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, type TestUser } from './helpers/factories';
import { resetConfig, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;
let settingsManager: TestUser;
let usersManager: TestUser;
let postsManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
  usersManager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
  postsManager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
});
afterAll(async () => server?.close());
afterEach(async () => resetConfig(server, 'site', 'private'));

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function createKey(token = admin) {
  const res = await server.api.post('/apikeys', {}, { token });
  expect(res.status).toBe(200);
  return res.body as { id: number; api_key: string };
}

describe('/apikeys (API-CONTRACT 14.7)', () => {
  it('creates a key made by the server, ignoring a supplied one', async () => {
    const res = await server.api.post('/apikeys', { api_key: 'myshadykey', id: 1 }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/apikeys/${res.body.id}`,
      api_key: expect.stringMatching(UUID),
      created: expect.stringMatching(W3C),
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    const second = await createKey();
    expect(second.api_key).not.toBe(res.body.api_key);
    expect((await server.api.post('/apikeys', undefined, { token: admin })).status).toBe(200);
  });

  it('regenerates the key on PUT whatever the body says', async () => {
    const key = await createKey();
    const res = await server.api.put(`/apikeys/${key.id}`, { api_key: 'mytestkeyisthislong' }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: key.id, updated: expect.stringMatching(W3C) });
    expect(res.body.api_key).toMatch(UUID);
    expect(res.body.api_key).not.toBe(key.api_key);
    expect(res.body.api_key).not.toContain('mytestkeyisthislong');
    expect((await server.api.get(`/apikeys/${key.id}`, { token: admin })).body.api_key).toBe(res.body.api_key);
  });

  it('lists, reads and deletes', async () => {
    const before = (await server.api.get('/apikeys', { token: admin })).body.total_count as number;
    const key = await createKey();
    const list = await server.api.get('/apikeys', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: before + 1, total_count: before + 1, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(list.body.results.at(-1)).toMatchObject({ id: key.id, api_key: key.api_key });
    const page = await server.api.get('/apikeys?order=desc&limit=1', { token: admin });
    expect(page.body.results.map((k: { id: number }) => k.id)).toEqual([key.id]);
    expect((await server.api.get(`/apikeys/${key.id}`, { token: admin })).body).toMatchObject({ id: key.id, api_key: key.api_key });
    const deleted = await server.api.del(`/apikeys/${key.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: key.id, api_key: key.api_key });
    expect((await server.api.get(`/apikeys/${key.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.del(`/apikeys/${key.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.put(`/apikeys/${key.id}`, {}, { token: admin })).status).toBe(404);
  });

  it('is open to Manage Settings, closed to members, other managers and anonymous callers', async () => {
    const byManager = await createKey(settingsManager.token);
    expect((await server.api.get('/apikeys', { token: settingsManager.token })).status).toBe(200);
    expect((await server.api.put(`/apikeys/${byManager.id}`, {}, { token: settingsManager.token })).status).toBe(200);
    const key = await createKey();
    for (const token of [member.token, usersManager.token, postsManager.token, anonymousClient]) {
      expect((await server.api.get('/apikeys', { token })).status).toBe(403);
      expect((await server.api.post('/apikeys', {}, { token })).status).toBe(403);
      expect((await server.api.get(`/apikeys/${key.id}`, { token })).status).toBe(403);
      expect((await server.api.put(`/apikeys/${key.id}`, {}, { token })).status).toBe(403);
      expect((await server.api.del(`/apikeys/${key.id}`, { token })).status).toBe(403);
    }
    const none = await server.api.get('/apikeys');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.post('/apikeys', {})).status).toBe(401);
    expect((await server.api.get(`/apikeys/${key.id}`)).status).toBe(401);
    expect((await server.api.get(`/apikeys/${key.id}`, { token: admin })).body.api_key).toBe(key.api_key);
    expect((await server.api.del(`/apikeys/${byManager.id}`, { token: settingsManager.token })).status).toBe(200);
  });

  it('needs the apikeys scope, which anonymous client tokens never carry', async () => {
    const adminUser = await server.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await server.api.get('/apikeys', { token: await tokenFor(server, adminUser.id, ['config']) })).status).toBe(403);
    expect((await server.api.get('/apikeys', { token: await tokenFor(server, adminUser.id, ['apikeys']) })).status).toBe(200);
  });

  it('answers bad input and unrouted methods without 5xx', async () => {
    expect((await server.api.get('/apikeys/abc', { token: admin })).status).toBe(404);
    expect((await server.api.get('/apikeys/99999999999', { token: admin })).status).toBe(404);
    expect((await server.api.get('/apikeys?orderby=api_key', { token: admin })).status).toBe(422);
    expect((await server.api.get('/apikeys?limit=abc', { token: admin })).status).toBe(422);
    const malformed = await server.api.request('POST', '/apikeys', {
      token: admin,
      raw: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await server.api.request('PATCH', '/apikeys', { token: admin })).status).toBe(405);
    expect((await server.api.post('/apikeys/1', {}, { token: admin })).status).toBe(405);
    expect((await server.api.request('OPTIONS', '/apikeys', { token: member.token })).body.allowed_privileges).toEqual([]);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/apikeys')).status).toBe(401);
    expect((await server.api.get('/apikeys', { token: admin })).status).toBe(200);
  });
});
