import { RoleMessages } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './helpers/factories';
import { resetConfig, setFeature, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;
let settingsManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
});
afterAll(async () => server?.close());
afterEach(async () => {
  await resetConfig(server, 'features', 'roles');
  await resetConfig(server, 'site', 'private');
});

const roleId = async (name: string) =>
  (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

function expectField(res: { status: number; body: any }, pointer: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors[0]).toMatchObject({ status: 422 });
  expect(res.body.errors[0].message).toContain(message);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
}

describe('GET /roles (API-CONTRACT 4.1)', () => {
  it('gives a logged-in member the role of the login flow: GET /roles?name=<role>', async () => {
    const res = await server.api.get('/roles?name=user', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, total_count: 1, offset: 0, limit: null, order: 'asc', orderby: 'id' });
    expect(res.body.curr).toContain('/api/v3/roles');
    const [role] = res.body.results;
    expect(role).toEqual({
      id: await roleId('user'),
      url: `${server.url}/api/v3/roles/${await roleId('user')}`,
      name: 'user',
      display_name: 'Member',
      description: 'Registered member',
      permissions: ['Edit their own posts', 'Delete Their Own Posts'],
      protected: true,
      allowed_privileges: ['read', 'search'],
    });
  });

  it('lists every role, searches with q, pages and sorts', async () => {
    const name = unique('searchable');
    await createRole(server, [], name);
    const all = await server.api.get('/roles', { token: member.token });
    expect(all.body.results.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['admin', 'user', name]));
    expect(all.body.total_count).toBe(all.body.count);

    const q = await server.api.get(`/roles?q=${name.slice(0, 12).toUpperCase()}`, { token: member.token });
    expect(q.body.results.map((r: { name: string }) => r.name)).toEqual([name]);

    const both = await server.api.get('/roles?name[]=admin&name[]=user&orderby=name&order=desc', { token: member.token });
    expect(both.body.results.map((r: { name: string }) => r.name)).toEqual(['user', 'admin']);

    const page = await server.api.get('/roles?limit=1&offset=1&orderby=name', { token: admin });
    expect(page.body).toMatchObject({ count: 1, limit: 1, offset: 1 });
    expect(page.body.total_count).toBe(all.body.total_count);
    expect(page.body.next).toContain('offset=2');

    const like = await server.api.get('/roles?q=%25', { token: member.token });
    expect(like.body.count).toBe(0);
  });

  it('refuses anonymous callers: 401 without a token, 403 with a client token', async () => {
    const none = await server.api.get('/roles');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect(none.body.errors[0]).toEqual({ status: 401, message: 'Unauthorized.' });
    expect((await server.api.get('/roles', { token: anonymousClient })).status).toBe(403);
    const postsManager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
    expect((await server.api.get('/roles', { token: postsManager.token })).status).toBe(200);
    expect((await server.api.get('/roles', { token: settingsManager.token })).status).toBe(200);
    expect((await server.api.post('/roles', { name: unique('r') }, { token: postsManager.token })).status).toBe(403);
    expect((await server.api.get(`/roles/${await roleId('user')}`)).status).toBe(401);
    expect((await server.api.get(`/roles/${await roleId('user')}`, { token: anonymousClient })).status).toBe(403);
  });

  it('refuses a token without the roles scope', async () => {
    const token = await tokenFor(server, member.id, ['posts']);
    const res = await server.api.get('/roles', { token });
    expect(res.status).toBe(403);
  });

  it('answers bad paging with 422, never 5xx', async () => {
    const orderby = await server.api.get('/roles?orderby=password;drop', { token: member.token });
    expect(orderby.status).toBe(422);
    expect(orderby.body.errors[1].source.pointer).toBe('/orderby');
    expect((await server.api.get('/roles?limit=-1', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/roles?offset=x', { token: member.token })).status).toBe(422);
    const sql = await server.api.get(`/roles?name=${encodeURIComponent("admin' or '1'='1")}`, { token: member.token });
    expect(sql.status).toBe(200);
    expect(sql.body.count).toBe(0);
  });

  it('reads one role, 404 for unknown or malformed ids', async () => {
    const id = await roleId('admin');
    const res = await server.api.get(`/roles/${id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'admin', display_name: 'Admin', protected: true });
    expect((await server.api.get('/roles/999999', { token: member.token })).status).toBe(404);
    expect((await server.api.get('/roles/abc', { token: member.token })).status).toBe(404);
    expect((await server.api.get('/roles/99999999999', { token: member.token })).status).toBe(404);
  });

  it('answers unrouted methods with 405 and a plain OPTIONS with allowed_privileges', async () => {
    expect((await server.api.request('PATCH', '/roles', { token: admin })).status).toBe(405);
    expect((await server.api.post(`/roles/${await roleId('user')}`, {}, { token: admin })).status).toBe(405);
    const options = await server.api.request('OPTIONS', '/roles', { token: admin });
    expect(options.body.allowed_privileges).toEqual(['read', 'create', 'update', 'delete', 'search']);
    const memberOptions = await server.api.request('OPTIONS', '/roles', { token: member.token });
    expect(memberOptions.body.allowed_privileges).toEqual(['read', 'search']);
  });

  it('refuses anonymous callers of a private deployment but keeps serving members', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/roles')).status).toBe(401);
    expect((await server.api.get('/roles', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/roles', { token: member.token })).status).toBe(200);
  });
});

describe('POST /roles', () => {
  it('lets an admin create a role with permissions', async () => {
    const name = unique('reviewer');
    const res = await server.api.post(
      '/roles',
      { name, display_name: 'Reviewer', description: 'Reviews posts', permissions: ['Manage Posts', 'Manage Posts', 'Delete Posts'] },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name,
      display_name: 'Reviewer',
      description: 'Reviews posts',
      permissions: ['Manage Posts', 'Delete Posts'],
      protected: false,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    expect(res.body.url).toBe(`${server.url}/api/v3/roles/${res.body.id}`);
    const stored = await server.ctx.db.selectFrom('roles_permissions').select('permission').where('role', '=', name).execute();
    expect(stored.map((r) => r.permission).sort()).toEqual(['Delete Posts', 'Manage Posts']);
  });

  it('uses the name as display name when a client sends only a name, and ignores protected', async () => {
    const name = unique('plain');
    const res = await server.api.post('/roles', { name, protected: true }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name, display_name: name, description: null, permissions: [], protected: false });
  });

  it('is refused to everyone but admins (403 before 422)', async () => {
    const body = { name: unique('nope'), display_name: 'Nope role' };
    expect((await server.api.post('/roles', body)).status).toBe(401);
    expect((await server.api.post('/roles', body, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.post('/roles', body, { token: member.token })).status).toBe(403);
    expect((await server.api.post('/roles', body, { token: settingsManager.token })).status).toBe(403);
    expect((await server.api.post('/roles', {}, { token: member.token })).status).toBe(403);
    expect(await server.ctx.db.selectFrom('roles').select('id').where('name', '=', body.name).executeTakeFirst()).toBeUndefined();
  });

  it('validates every field with its message and pointer', async () => {
    const post = (body: unknown) => server.api.post('/roles', body, { token: admin });
    expectField(await post({ display_name: 'Missing name' }), '/name', RoleMessages.nameRequired);
    expectField(await post({ name: '   ' }), '/name', RoleMessages.nameRequired);
    expectField(await post({ name: 123 }), '/name', RoleMessages.nameRequired);
    expectField(await post({ name: 'a,b' }), '/name', RoleMessages.nameInvalid);
    expectField(await post({ name: 'x'.repeat(151) }), '/name', RoleMessages.nameTooLong);
    expectField(await post({ name: 'admin' }), '/name', RoleMessages.nameTaken);
    expectField(await post({ name: 'ADMIN' }), '/name', RoleMessages.nameTaken);
    expectField(await post({ name: unique('r'), display_name: '' }), '/display_name', RoleMessages.displayNameRequired);
    expectField(await post({ name: unique('r'), display_name: 'ab' }), '/display_name', RoleMessages.displayNameTooShort);
    expectField(await post({ name: unique('r'), display_name: 'x'.repeat(151) }), '/display_name', RoleMessages.displayNameTooLong);
    expectField(await post({ name: unique('r'), description: 'x'.repeat(151) }), '/description', RoleMessages.descriptionTooLong);
    expectField(await post({ name: unique('r'), description: 42 }), '/description', RoleMessages.descriptionInvalid);
    expectField(await post({ name: unique('r'), permissions: 'Manage Posts' }), '/permissions', RoleMessages.permissionsInvalid);
    expectField(await post({ name: unique('r'), permissions: [7] }), '/permissions', RoleMessages.permissionsInvalid);
    expectField(
      await post({ name: unique('r'), permissions: ['Manage Posts', 'Fly'] }),
      '/permissions',
      RoleMessages.permissionUnknown('Fly'),
    );
    // The legacy alias is honoured by checks but is not a permission a role can hold.
    expectField(
      await post({ name: unique('r'), permissions: ['Bulk Data Import'] }),
      '/permissions',
      'Permission Bulk Data Import does not exist',
    );
    const both = await post({ name: '', display_name: 'ab' });
    expect(both.body.errors.map((e: { source?: { pointer: string } }) => e.source?.pointer)).toEqual([undefined, '/name', '/display_name']);
    expect(both.body.errors[0].message).toBe(
      `Failed to validate role entity:\n${RoleMessages.nameRequired}\n${RoleMessages.displayNameTooShort}`,
    );
  });

  it('answers malformed, oversized and hostile input without 5xx', async () => {
    const malformed = await server.api.request('POST', '/roles', {
      token: admin,
      raw: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].status).toBe(400);
    expectField(
      await server.api.post('/roles', { name: unique('r'), display_name: 'x'.repeat(200_000) }, { token: admin }),
      '/display_name',
      RoleMessages.displayNameTooLong,
    );
    expect((await server.api.post('/roles', [1, 2], { token: admin })).status).toBe(422);
    const hostile = `${unique('r')}'); drop table roles; --`;
    const res = await server.api.post('/roles', { name: hostile, display_name: "Robert'); --" }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(hostile);
    expect((await server.api.get(`/roles/${res.body.id}`, { token: member.token })).body.name).toBe(hostile);
  });

  it('refuses writes with 422 while the roles feature is off', async () => {
    const name = unique('off');
    await createRole(server, [], name);
    await setFeature(server, 'roles', false);
    expectField(await server.api.post('/roles', { name: unique('r') }, { token: admin }), '/name', RoleMessages.rolesNotEnabled);
    expectField(
      await server.api.put(`/roles/${await roleId(name)}`, { display_name: 'Still off' }, { token: admin }),
      '/name',
      RoleMessages.rolesNotEnabled,
    );
    expect((await server.api.get('/roles', { token: member.token })).status).toBe(200);
  });
});

describe('PUT /roles/{id}', () => {
  it('updates display name, description and permissions; name and protected are ignored', async () => {
    const name = unique('editable');
    await createRole(server, ['Manage Posts'], name);
    const id = await roleId(name);
    const res = await server.api.put(
      `/roles/${id}`,
      { id, name: 'renamed', protected: true, display_name: 'Edited role', description: null, permissions: ['Manage Settings'] },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name,
      display_name: 'Edited role',
      description: null,
      permissions: ['Manage Settings'],
      protected: false,
    });
    const partial = await server.api.put(`/roles/${id}`, { description: 'Only this' }, { token: admin });
    expect(partial.body).toMatchObject({ display_name: 'Edited role', description: 'Only this', permissions: ['Manage Settings'] });
    const cleared = await server.api.put(`/roles/${id}`, { permissions: [] }, { token: admin });
    expect(cleared.body.permissions).toEqual([]);
  });

  it('changes what holders of the role may do at once', async () => {
    const name = unique('grows');
    await createRole(server, [], name);
    const holder = await createUser(server, { role: name });
    expect((await server.api.get('/apikeys', { token: holder.token })).status).toBe(403);
    await server.api.put(`/roles/${await roleId(name)}`, { permissions: ['Manage Settings'] }, { token: admin });
    expect((await server.api.get('/apikeys', { token: holder.token })).status).toBe(200);
  });

  it('is admin-only, 404 before 403 before 422', async () => {
    const name = unique('guarded');
    await createRole(server, [], name);
    const id = await roleId(name);
    expect((await server.api.put(`/roles/${id}`, { display_name: 'Nope role' })).status).toBe(401);
    expect((await server.api.put(`/roles/${id}`, { display_name: 'Nope role' }, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.put(`/roles/${id}`, { display_name: 'Nope role' }, { token: member.token })).status).toBe(403);
    expect((await server.api.put(`/roles/${id}`, { display_name: 'x' }, { token: settingsManager.token })).status).toBe(403);
    expect((await server.api.put('/roles/999999', { display_name: 'x' }, { token: member.token })).status).toBe(404);
    expectField(
      await server.api.put(`/roles/${id}`, { display_name: 'x' }, { token: admin }),
      '/display_name',
      RoleMessages.displayNameTooShort,
    );
    expectField(
      await server.api.put(`/roles/${id}`, { permissions: ['Nope'] }, { token: admin }),
      '/permissions',
      RoleMessages.permissionUnknown('Nope'),
    );
    expect((await server.api.get(`/roles/${id}`, { token: admin })).body.display_name).toBe(`Role ${name}`);
  });
});

describe('DELETE /roles/{id}', () => {
  it('never deletes the protected roles', async () => {
    const adminRole = await server.api.del(`/roles/${await roleId('admin')}`, { token: admin });
    expect(adminRole.status).toBe(403);
    expect(adminRole.body.errors[0]).toEqual({ status: 403, message: RoleMessages.lastAdmin });
    const userRole = await server.api.del(`/roles/${await roleId('user')}`, { token: admin });
    expect(userRole.status).toBe(403);
    expect(userRole.body.errors[0].message).toBe(RoleMessages.protectedRole);
    expect(await server.ctx.db.selectFrom('roles').select('name').where('name', 'in', ['admin', 'user']).execute()).toHaveLength(2);
    const admins = await server.api.get('/roles?name=admin', { token: admin });
    expect(admins.body.results[0].allowed_privileges).not.toContain('delete');
  });

  it('deletes another role, returns it, and leaves its users without a role', async () => {
    const name = unique('doomed');
    await createRole(server, ['Manage Posts'], name);
    const holder = await createUser(server, { role: name });
    const id = await roleId(name);
    const res = await server.api.del(`/roles/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name, permissions: ['Manage Posts'] });
    expect((await server.api.get(`/roles/${id}`, { token: admin })).status).toBe(404);
    const user = await server.ctx.db.selectFrom('users').select('role').where('id', '=', holder.id).executeTakeFirstOrThrow();
    expect(user.role).toBeNull();
    expect(await server.ctx.db.selectFrom('roles_permissions').select('permission').where('role', '=', name).execute()).toEqual([]);
    expect((await server.api.del(`/roles/${id}`, { token: admin })).status).toBe(404);
  });

  it('is refused to everyone but admins', async () => {
    const name = unique('kept');
    await createRole(server, [], name);
    const id = await roleId(name);
    expect((await server.api.del(`/roles/${id}`)).status).toBe(401);
    expect((await server.api.del(`/roles/${id}`, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.del(`/roles/${id}`, { token: member.token })).status).toBe(403);
    expect((await server.api.del(`/roles/${id}`, { token: settingsManager.token })).status).toBe(403);
    expect((await server.api.get(`/roles/${id}`, { token: admin })).status).toBe(200);
  });
});
