import { FormRoleMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, makeCallers, newForm, roleIdOf, type Callers } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
});
afterAll(async () => server?.close());

describe('/forms/{id}/roles (API-CONTRACT 7.4)', () => {
  it('starts empty, then PUT replaces the list and GET /forms/{id} shows role names', async () => {
    const form = await newForm(server, who.admin, { everyone_can_create: false });
    const path = `/forms/${form.id}/roles`;
    const empty = await server.api.get(path, { token: who.member.token });
    expectStatus(empty, 200);
    expect(empty.body).toMatchObject({ count: 0, results: [], total_count: 0 });

    const [admin, user] = [await roleIdOf(server, 'admin'), await roleIdOf(server, 'user')];
    const put = await server.api.put(path, { roles: [admin, String(user)] }, { token: who.admin });
    expectStatus(put, 200);
    expect(put.body.count).toBe(2);
    expect(put.body.results).toEqual([
      {
        id: expect.any(Number),
        url: expect.stringMatching(new RegExp(`/api/v3/forms/${form.id}/roles/\\d+$`)),
        form_id: form.id,
        role_id: admin,
        allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
      },
      {
        id: expect.any(Number),
        url: expect.any(String),
        form_id: form.id,
        role_id: user,
        allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
      },
    ]);
    expect((await server.api.get(`/forms/${form.id}`, { token: who.member.token })).body.can_create).toEqual(['admin', 'user']);
    const listed = await server.api.get(path, { token: who.member.token });
    expect(listed.body.results.map((r: { role_id: number }) => r.role_id)).toEqual([admin, user]);
    expect(listed.body.results[0].allowed_privileges).toEqual(['read', 'search']);

    const replaced = await server.api.put(path, { roles: [user] }, { token: who.manager.token });
    expect(replaced.body.count).toBe(1);
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.can_create).toEqual(['user']);
    expect((await server.api.put(path, { roles: [] }, { token: who.admin })).body.count).toBe(0);
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.can_create).toEqual([]);
  });

  it('accepts role names too and ignores repeats', async () => {
    const form = await newForm(server, who.admin, { everyone_can_create: false });
    const res = await server.api.put(
      `/forms/${form.id}/roles`,
      { roles: ['admin', await roleIdOf(server, 'admin')] },
      { token: who.admin },
    );
    expect(res.body.count).toBe(1);
  });

  it('refuses unknown roles with 422 and keeps the list as it was', async () => {
    const form = await newForm(server, who.admin, { everyone_can_create: false });
    const path = `/forms/${form.id}/roles`;
    await server.api.put(path, { roles: ['user'] }, { token: who.admin });
    expectField(
      await server.api.put(path, { roles: ['admin', 99999999] }, { token: who.admin }),
      '/roles',
      FormRoleMessages.roleMissing(99999999),
    );
    expectField(
      await server.api.put(path, { roles: ['no-such-role'] }, { token: who.admin }),
      '/roles',
      FormRoleMessages.roleMissing('no-such-role'),
    );
    expectField(await server.api.put(path, { roles: 'admin' }, { token: who.admin }), '/roles', FormRoleMessages.rolesRequired);
    expectField(await server.api.put(path, {}, { token: who.admin }), '/roles', FormRoleMessages.rolesRequired);
    expectField(await server.api.put(path, { roles: [-3] }, { token: who.admin }), '/roles', FormRoleMessages.roleMissing(-3));
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.can_create).toEqual(['user']);
  });

  it('follows the roles: a deleted role leaves the list', async () => {
    const form = await newForm(server, who.admin, { everyone_can_create: false });
    const role = await createRole(server, []);
    await server.api.put(`/forms/${form.id}/roles`, { roles: [role] }, { token: who.admin });
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.can_create).toEqual([role]);
    await server.ctx.db.deleteFrom('roles').where('name', '=', role).execute();
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.can_create).toEqual([]);
  });

  it('answers 404 for an unknown survey and 405 for POST and DELETE', async () => {
    expectStatus(await server.api.get('/forms/99999999/roles', { token: who.admin }), 404);
    expectStatus(await server.api.put('/forms/99999999/roles', { roles: [] }, { token: who.member.token }), 404);
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.post(`/forms/${form.id}/roles`, { roles: [] }, { token: who.admin }), 405);
    expectStatus(await server.api.del(`/forms/${form.id}/roles`, { token: who.admin }), 405);
  });

  it('lets only survey editors replace the list; disabled surveys keep it from others', async () => {
    const form = await newForm(server, who.admin);
    const path = `/forms/${form.id}/roles`;
    expectStatus(await server.api.put(path, { roles: [] }, { token: who.member.token }), 403);
    expectStatus(await server.api.put(path, { roles: [] }, { token: who.client }), 403);
    expectStatus(await server.api.put(path, { roles: [] }), 401);
    expectStatus(await server.api.get(path), 200);
    await server.api.put(`/forms/${form.id}`, { disabled: true }, { token: who.admin });
    expectStatus(await server.api.get(path, { token: who.member.token }), 403);
    expectStatus(await server.api.get(path), 401);
    expectStatus(await server.api.get(path, { token: who.manager.token }), 200);
  });
});
