import { UserSettingMessages } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, type TestUser } from './helpers/factories';
import { resetConfig, setFeature, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let other: TestUser;
let usersManager: TestUser;
let settingsManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  other = await createUser(server);
  usersManager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
});
afterAll(async () => server?.close());
afterEach(async () => {
  await resetConfig(server, 'features', 'user-settings');
  await resetConfig(server, 'site', 'private');
});

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const path = (user: TestUser | number | string) => `/users/${typeof user === 'object' ? user.id : user}/settings`;

function expectField(res: { status: number; body: any }, pointer: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
}

async function freshUser() {
  return createUser(server);
}

describe('/users/{user_id}/settings (API-CONTRACT 5)', () => {
  it('creates, lists, reads, updates and deletes the caller’s own settings', async () => {
    const user = await freshUser();
    const created = await server.api.post(
      path(user),
      { config_key: 'hdx_maintainer_id', config_value: 'maintainer-42', user_id: other.id },
      { token: user.token },
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/users/${user.id}/settings/${created.body.id}`,
      user: { id: user.id, url: `${server.url}/api/v3/users/${user.id}` },
      user_id: user.id,
      config_key: 'hdx_maintainer_id',
      config_value: 'maintainer-42',
      created: expect.stringMatching(W3C),
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    const key = await server.api.post(path('me'), { config_key: 'hdx_api_key', config_value: 'secret-key-1234' }, { token: user.token });
    expect(key.status).toBe(200);
    // Keys naming an API key are shown masked, as v3 does; the stored value is intact.
    expect(key.body.config_value).toBe('***********1234');
    const stored = await server.ctx.db
      .selectFrom('user_settings')
      .select('config_value')
      .where('id', '=', key.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.config_value).toBe('secret-key-1234');

    const list = await server.api.get(path(user), { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, total_count: 2, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(list.body.results.map((s: { config_key: string }) => s.config_key)).toEqual(['hdx_maintainer_id', 'hdx_api_key']);
    const filtered = await server.api.get(`${path(user)}?config_key=hdx_api_key`, { token: user.token });
    expect(filtered.body.results.map((s: { id: number }) => s.id)).toEqual([key.body.id]);
    expect((await server.api.get(`${path('me')}/`, { token: user.token })).body.total_count).toBe(2);

    expect((await server.api.get(`${path(user)}/${created.body.id}`, { token: user.token })).body).toEqual(created.body);
    const updated = await server.api.put(`${path(user)}/${created.body.id}`, { config_value: 'maintainer-43' }, { token: user.token });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      config_key: 'hdx_maintainer_id',
      config_value: 'maintainer-43',
      updated: expect.stringMatching(W3C),
    });

    const deleted = await server.api.del(`${path(user)}/${created.body.id}`, { token: user.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.body.id, config_value: 'maintainer-43' });
    expect((await server.api.get(`${path(user)}/${created.body.id}`, { token: user.token })).status).toBe(404);
  });

  it('validates config_key and config_value with messages and pointers', async () => {
    const user = await freshUser();
    const post = (body: unknown) => server.api.post(path(user), body, { token: user.token });
    expectField(await post({ config_value: 'abc' }), '/config_key', UserSettingMessages.keyRequired);
    expectField(await post({ config_key: 'favourite_colour', config_value: 'abc' }), '/config_key', UserSettingMessages.keyInvalid);
    expectField(await post({ config_key: 7, config_value: 'abc' }), '/config_key', UserSettingMessages.keyInvalid);
    expectField(await post({ config_key: 'hdx_api_key' }), '/config_value', UserSettingMessages.valueRequired);
    expectField(await post({ config_key: 'hdx_api_key', config_value: '' }), '/config_value', UserSettingMessages.valueRequired);
    expectField(await post({ config_key: 'hdx_api_key', config_value: 12345 }), '/config_value', UserSettingMessages.valueInvalid);
    expectField(await post({ config_key: 'hdx_api_key', config_value: 'ab' }), '/config_value', UserSettingMessages.valueTooShort);
    expectField(
      await post({ config_key: 'hdx_api_key', config_value: 'x'.repeat(256) }),
      '/config_value',
      UserSettingMessages.valueTooLong,
    );
    expectField(
      await post({ config_key: 'hdx_api_key', config_value: 'x'.repeat(500_000) }),
      '/config_value',
      UserSettingMessages.valueTooLong,
    );
    const first = await post({ config_key: 'hdx_api_key', config_value: "abc'; drop table user_settings; --" });
    expect(first.status).toBe(200);
    expectField(
      await post({ config_key: 'hdx_api_key', config_value: 'another' }),
      '/config_key',
      UserSettingMessages.duplicate(user.id, 'hdx_api_key'),
    );
    const second = await post({ config_key: 'hdx_maintainer_id', config_value: 'maint' });
    expectField(
      await server.api.put(`${path(user)}/${second.body.id}`, { config_key: 'hdx_api_key' }, { token: user.token }),
      '/config_key',
      UserSettingMessages.duplicate(user.id, 'hdx_api_key'),
    );
    expectField(
      await server.api.put(`${path(user)}/${second.body.id}`, { config_value: 'no' }, { token: user.token }),
      '/config_value',
      UserSettingMessages.valueTooShort,
    );
    const malformed = await server.api.request('POST', path(user), {
      token: user.token,
      raw: '{"config_key"',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await server.api.get(path(user), { token: user.token })).body.total_count).toBe(2);
  });

  it('belongs to the user and admins: others 403, anonymous 401/403, unknown 404', async () => {
    const user = await freshUser();
    const setting = await server.api.post(path(user), { config_key: 'hdx_maintainer_id', config_value: 'mine' }, { token: user.token });
    const item = `${path(user)}/${setting.body.id}`;
    for (const token of [other.token, usersManager.token, settingsManager.token, anonymousClient]) {
      expect((await server.api.get(path(user), { token })).status).toBe(403);
      expect((await server.api.post(path(user), { config_key: 'hdx_api_key', config_value: 'theirs' }, { token })).status).toBe(403);
      expect((await server.api.post(path(user), {}, { token })).status).toBe(403);
      expect((await server.api.get(item, { token })).status).toBe(403);
      expect((await server.api.put(item, { config_value: 'theirs' }, { token })).status).toBe(403);
      expect((await server.api.del(item, { token })).status).toBe(403);
    }
    const none = await server.api.get(path(user));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.get(item)).status).toBe(401);
    expect((await server.api.get(path('me'), { token: anonymousClient })).status).toBe(403);

    expect((await server.api.get(path(user), { token: admin })).body.total_count).toBe(1);
    const byAdmin = await server.api.put(item, { config_value: 'set by admin' }, { token: admin });
    expect(byAdmin.status).toBe(200);
    expect((await server.api.post(path(user), { config_key: 'hdx_api_key', config_value: 'admin-made' }, { token: admin })).status).toBe(
      200,
    );

    // A setting is only found under its own user's path.
    expect((await server.api.get(`${path(other)}/${setting.body.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.get(`${path(other)}/${setting.body.id}`, { token: other.token })).status).toBe(404);
    expect((await server.api.get(path(999999), { token: admin })).status).toBe(404);
    expect((await server.api.get(path(99999999999), { token: admin })).status).toBe(404);
    expect((await server.api.get(path('abc'), { token: admin })).status).toBe(404);
    expect((await server.api.get(`${path(user)}/999999`, { token: user.token })).status).toBe(404);
    expect((await server.api.get(`${path(user)}/x`, { token: user.token })).status).toBe(404);
  });

  it('does not exist while the user-settings feature is off', async () => {
    const user = await freshUser();
    const setting = await server.api.post(path(user), { config_key: 'hdx_maintainer_id', config_value: 'kept' }, { token: user.token });
    await setFeature(server, 'user-settings', false);
    expect((await server.api.get(path(user), { token: user.token })).status).toBe(404);
    expect((await server.api.get(path(user))).status).toBe(404);
    expect((await server.api.post(path(user), { config_key: 'hdx_api_key', config_value: 'abcd' }, { token: admin })).status).toBe(404);
    expect((await server.api.get(`${path(user)}/${setting.body.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.del(`${path(user)}/${setting.body.id}`, { token: admin })).status).toBe(404);
    const error = (await server.api.get(path(user), { token: user.token })).body.errors[0];
    expect(error.status).toBe(404);
    await setFeature(server, 'user-settings', true);
    expect((await server.api.get(`${path(user)}/${setting.body.id}`, { token: user.token })).status).toBe(200);
  });

  it('answers bad paging and unrouted methods, needs the users scope, respects private deployments', async () => {
    const user = await freshUser();
    expect((await server.api.get(`${path(user)}?orderby=config_value`, { token: user.token })).status).toBe(422);
    expect((await server.api.request('PATCH', path(user), { token: user.token })).status).toBe(405);
    expect((await server.api.post(`${path(user)}/1`, {}, { token: user.token })).status).toBe(405);
    expect((await server.api.get(path(user), { token: await tokenFor(server, user.id, ['posts']) })).status).toBe(403);
    await setPrivate(server, true);
    expect((await server.api.get(path(user))).status).toBe(401);
    expect((await server.api.get(path(user), { token: user.token })).status).toBe(200);
  });
});
