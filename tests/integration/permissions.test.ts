import { PERMISSIONS } from '@platform/shared';
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

const permissionId = async (name: string) =>
  (await server.ctx.db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('/permissions (API-CONTRACT 4.2)', () => {
  it('lists the 8 permissions of a fresh install to an admin', async () => {
    const res = await server.api.get('/permissions', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 8, total_count: 8, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(res.body.results.map((p: { name: string }) => p.name)).toEqual([...PERMISSIONS]);
    const id = await permissionId('Manage Users');
    expect(res.body.results[0]).toEqual({
      id,
      url: `${server.url}/api/v3/permissions/${id}`,
      name: 'Manage Users',
      description: 'Manage Users',
      allowed_privileges: ['read', 'search'],
    });
  });

  it('filters, pages and sorts', async () => {
    const byName = await server.api.get('/permissions?name=Delete Posts', { token: admin });
    expect(byName.body.results.map((p: { name: string }) => p.name)).toEqual(['Delete Posts']);
    const q = await server.api.get('/permissions?q=manage', { token: admin });
    expect(q.body.total_count).toBe(4);
    const page = await server.api.get('/permissions?orderby=name&order=desc&limit=2&offset=1', { token: admin });
    expect(page.body.results.map((p: { name: string }) => p.name)).toEqual(['Manage Settings', 'Manage Posts']);
    expect(page.body).toMatchObject({ count: 2, total_count: 8, limit: 2, offset: 1, order: 'desc', orderby: 'name' });
    expect((await server.api.get('/permissions?orderby=secret', { token: admin })).status).toBe(422);
  });

  it('reads one permission; unknown ids are 404', async () => {
    const id = await permissionId('Manage Posts');
    const res = await server.api.get(`/permissions/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Manage Posts' });
    expect((await server.api.get('/permissions/999999', { token: admin })).status).toBe(404);
    expect((await server.api.get('/permissions/x1', { token: admin })).status).toBe(404);
    expect((await server.api.get('/permissions/99999999999', { token: admin })).status).toBe(404);
  });

  it('is admin-only: anonymous 401, client token and every other role 403', async () => {
    const id = await permissionId('Manage Posts');
    for (const path of ['/permissions', `/permissions/${id}`]) {
      const none = await server.api.get(path);
      expect(none.status).toBe(401);
      expect(none.body.errors[0]).toEqual({ status: 401, message: 'Unauthorized.' });
      expect((await server.api.get(path, { token: anonymousClient })).status).toBe(403);
      expect((await server.api.get(path, { token: member.token })).status).toBe(403);
      expect((await server.api.get(path, { token: settingsManager.token })).status).toBe(403);
      expect((await server.api.get(path, { token: postsManager.token })).status).toBe(403);
      const forbidden = await server.api.get(path, { token: usersManager.token });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.errors[0].status).toBe(403);
    }
  });

  it('is never written: POST, PUT, DELETE and PATCH are 405 for everyone', async () => {
    const id = await permissionId('Manage Posts');
    for (const token of [undefined, member.token, admin]) {
      const post = await server.api.post('/permissions', { name: 'Fly' }, { token });
      expect(post.status).toBe(405);
      expect(post.body.errors[0].status).toBe(405);
      expect((await server.api.put(`/permissions/${id}`, { name: 'Fly' }, { token })).status).toBe(405);
      expect((await server.api.del(`/permissions/${id}`, { token })).status).toBe(405);
      expect((await server.api.request('PATCH', '/permissions', { token })).status).toBe(405);
    }
    expect(await server.ctx.db.selectFrom('permissions').select('name').execute()).toHaveLength(8);
  });

  it('answers a plain OPTIONS with the caller’s privileges', async () => {
    expect((await server.api.request('OPTIONS', '/permissions', { token: admin })).body.allowed_privileges).toEqual(['read', 'search']);
    expect((await server.api.request('OPTIONS', '/permissions', { token: member.token })).body.allowed_privileges).toEqual([]);
  });

  it('needs the permissions scope', async () => {
    const admin = await server.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await server.api.get('/permissions', { token: await tokenFor(server, admin.id, ['roles']) })).status).toBe(403);
  });

  it('stays closed to anonymous callers of a private deployment', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/permissions')).status).toBe(401);
    expect((await server.api.get('/permissions', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/permissions', { token: admin })).status).toBe(200);
  });
});
