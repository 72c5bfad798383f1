import { TagMessages as M } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, unique, type TestUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import {
  dropConfig,
  expectField,
  expectStatus,
  ids,
  makeCallers,
  newAttribute,
  newForm,
  newStage,
  newTag,
  storeConfig,
  type Callers,
} from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;
let moderatorRole: string;
let moderator: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
  moderatorRole = await createRole(server, ['Manage Posts']);
  moderator = await createUser(server, { role: moderatorRole });
});
afterAll(async () => server?.close());
afterEach(async () => dropConfig(server, 'site', 'private'));

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const roleOf = async (id: number) => (await server.api.get(`/tags/${id}`, { token: who.admin })).body.role;

describe('POST /tags (API-CONTRACT 14.2)', () => {
  it('creates a category with the contract JSON', async () => {
    const parent = await newTag(server, who.admin, { role: ['admin', 'user'] });
    const res = await server.api.post(
      '/tags',
      {
        parent_id: parent.id,
        tag: 'Boxes',
        slug: 'boxes',
        description: 'Is this a box? Awesome',
        type: 'category',
        priority: 1,
        color: '00ff00',
        role: ['admin', 'user'],
      },
      { token: who.admin },
    );
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/tags/${res.body.id}`,
      parent: { id: parent.id, url: `${server.url}/api/v3/tags/${parent.id}` },
      tag: 'Boxes',
      slug: 'boxes',
      type: 'category',
      color: '#00ff00',
      icon: 'tag',
      description: 'Is this a box? Awesome',
      priority: 1,
      created: expect.stringMatching(W3C),
      role: ['admin', 'user'],
      children: [],
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    expect((await server.api.get(`/tags/${parent.id}`, { token: who.admin })).body.children).toEqual([
      { id: res.body.id, url: res.body.url },
    ]);
  });

  it('derives the slug and applies the defaults', async () => {
    const name = `My magical ${unique('tag')}`;
    const res = await server.api.post('/tags', { tag: name, color: '#ABC' }, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      slug: name.toLowerCase().replace(/ /g, '-'),
      type: 'category',
      icon: 'tag',
      priority: 99,
      role: null,
      color: '#aabbcc',
      parent: null,
    });
    const status = await server.api.post(
      '/tags',
      { tag: unique('Status '), type: 'status', role: 'user', icon: 'flag_icon' },
      { token: who.admin },
    );
    expect(status.body).toMatchObject({ type: 'status', role: ['user'], icon: 'flag_icon' });
  });

  it('refuses a second category with the same name or slug', async () => {
    const name = unique('Duplicate');
    await newTag(server, who.admin, { tag: name });
    expectField(await server.api.post('/tags', { tag: name }, { token: who.admin }), '/slug', M.slugTaken(name.toLowerCase()));
    expectField(
      await server.api.post('/tags', { tag: name.toUpperCase() }, { token: who.admin }),
      '/slug',
      M.slugTaken(name.toLowerCase()),
    );
    expectField(
      await server.api.post('/tags', { tag: 'Something else', slug: name }, { token: who.admin }),
      '/slug',
      M.slugTaken(name.toLowerCase()),
    );
  });

  it('validates every field with the category messages', async () => {
    expectField(await server.api.post('/tags', {}, { token: who.admin }), '/tag', M.nameRequired);
    expectField(await server.api.post('/tags', { tag: 'a' }, { token: who.admin }), '/tag', M.nameTooShort);
    expectField(await server.api.post('/tags', { tag: 'Really long, '.repeat(20) }, { token: who.admin }), '/tag', M.nameTooLong);
    expectField(await server.api.post('/tags', { tag: 'a + b = c' }, { token: who.admin }), '/tag', M.nameInvalid);
    const res = await server.api.post(
      '/tags',
      {
        tag: 'Fine name',
        description: 'x'.repeat(151),
        type: 'varchar',
        color: 'green',
        icon: 'icon1',
        priority: 'high',
        parent_id: 'x',
        slug: 'a',
      },
      { token: who.admin },
    );
    expectField(res, '/description', M.descriptionTooLong);
    expectField(res, '/type', M.typeInvalid);
    expectField(res, '/color', M.colorInvalid);
    expectField(res, '/icon', M.iconInvalid);
    expectField(res, '/priority', M.priorityInvalid);
    expectField(res, '/parent_id', M.parentInvalid);
    expectField(res, '/slug', M.slugTooShort);
    expectField(
      await server.api.post('/tags', { tag: 'Fine name', description: 'Line one\nline two' }, { token: who.admin }),
      '/description',
      M.descriptionInvalid,
    );
    expectField(
      await server.api.post('/tags', { tag: 'Fine name', parent_id: 99999999 }, { token: who.admin }),
      '/parent_id',
      M.parentMissing(99999999),
    );
    expectField(await server.api.post('/tags', { tag: 'Fine name', role: 'nope' }, { token: who.admin }), '/role', M.roleMissing('nope'));
    expectField(await server.api.post('/tags', { tag: 'Fine name', role: [5] }, { token: who.admin }), '/role', M.roleInvalid);
    expectStatus(await server.api.post('/tags', { tag: 'ab', description: '' }, { token: who.admin }), 200);
  });

  it('makes a child match its parent role, inheriting it when none is sent', async () => {
    const parent = await newTag(server, who.admin, { role: 'admin' });
    const inherits = await newTag(server, who.admin, { parent_id: parent.id });
    expect(inherits.role).toEqual(['admin']);
    expect((await newTag(server, who.admin, { parent_id: parent.id, role: 'admin' })).role).toEqual(['admin']);
    const nope = await server.api.post('/tags', { parent_id: parent.id, tag: 'Not a valid tag role', role: 'nope' }, { token: who.admin });
    expect(nope.body.errors[1].message).toBe(M.roleMissing('nope'));
    expectField(
      await server.api.post('/tags', { parent_id: parent.id, tag: 'No role child', role: null }, { token: who.admin }),
      '/role',
      M.roleMismatch,
    );
    expectField(
      await server.api.post('/tags', { parent_id: parent.id, tag: 'User child', role: 'user' }, { token: who.admin }),
      '/role',
      M.roleMismatch,
    );
    const open = await newTag(server, who.admin);
    expectField(
      await server.api.post('/tags', { parent_id: open.id, tag: 'Restricted child', role: ['admin'] }, { token: who.admin }),
      '/role',
      M.roleMismatch,
    );
    expectField(await server.api.put(`/tags/${inherits.id}`, { role: 'user' }, { token: who.admin }), '/role', M.roleMismatch);
  });

  it('is for admins and Manage Settings only', async () => {
    expectStatus(await server.api.post('/tags', { tag: unique('By member') }, { token: who.member.token }), 403);
    expectStatus(await server.api.post('/tags', { tag: unique('By moderator') }, { token: moderator.token }), 403);
    expectStatus(await server.api.post('/tags', { tag: unique('By client') }, { token: who.client }), 403);
    expectStatus(await server.api.post('/tags', { tag: unique('By nobody') }), 401);
  });
});

describe('PUT /tags/{id}', () => {
  it('updates only the fields sent and re-derives the slug of a renamed category', async () => {
    const tag = await newTag(server, who.admin, { description: 'keep me', color: '112233' });
    const name = unique('Updated');
    const res = await server.api.put(`/tags/${tag.id}`, { tag: name, type: 'status', priority: 1 }, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: tag.id,
      tag: name,
      slug: name.toLowerCase(),
      type: 'status',
      priority: 1,
      description: 'keep me',
      color: '#112233',
    });
    expect((await server.api.put(`/tags/${tag.id}`, { slug: 'Custom Slug ' + tag.id }, { token: who.admin })).body.slug).toBe(
      `custom-slug-${tag.id}`,
    );
    const other = await newTag(server, who.admin);
    expectField(await server.api.put(`/tags/${tag.id}`, { tag: other.tag }, { token: who.admin }), '/slug', M.slugTaken(other.slug));
    expectField(await server.api.put(`/tags/${tag.id}`, { tag: '' }, { token: who.admin }), '/tag', M.nameRequired);
  });

  it('sets and removes role restrictions; [] means everyone', async () => {
    const tag = await newTag(server, who.admin);
    expect((await server.api.put(`/tags/${tag.id}`, { role: ['user'] }, { token: who.admin })).body.role).toEqual(['user']);
    expect((await server.api.put(`/tags/${tag.id}`, { role: [] }, { token: who.admin })).body.role).toBeNull();
  });

  it('passes a parent role change down to every child', async () => {
    const parent = await newTag(server, who.admin);
    const child = await newTag(server, who.admin, { parent_id: parent.id });
    const grandchild = await newTag(server, who.admin, { parent_id: child.id });
    expect((await server.api.put(`/tags/${parent.id}`, { role: [moderatorRole] }, { token: who.admin })).body.role).toEqual([
      moderatorRole,
    ]);
    expect(await roleOf(child.id)).toEqual([moderatorRole]);
    expect(await roleOf(grandchild.id)).toEqual([moderatorRole]);
    await server.api.put(`/tags/${parent.id}`, { role: null }, { token: who.admin });
    expect(await roleOf(grandchild.id)).toBeNull();
  });

  it('gives a category moved under a new parent the parent role, and its children too', async () => {
    const restricted = await newTag(server, who.admin, { role: ['admin'] });
    const moving = await newTag(server, who.admin);
    const child = await newTag(server, who.admin, { parent_id: moving.id });
    const moved = await server.api.put(`/tags/${moving.id}`, { parent_id: restricted.id }, { token: who.admin });
    expectStatus(moved, 200);
    expect(moved.body).toMatchObject({ parent: { id: restricted.id }, role: ['admin'], children: [] });
    expect(await roleOf(child.id)).toEqual(['admin']);
    expectField(
      await server.api.put(`/tags/${moving.id}`, { parent_id: restricted.id, role: ['user'] }, { token: who.admin }),
      '/role',
      M.roleMismatch,
    );
    const lifted = await server.api.put(`/tags/${moving.id}`, { parent_id: null }, { token: who.admin });
    expect(lifted.body).toMatchObject({ parent: null, role: ['admin'], children: [{ id: child.id }] });
  });

  it('refuses to put a category under itself or its own children', async () => {
    const top = await newTag(server, who.admin);
    const child = await newTag(server, who.admin, { parent_id: top.id });
    const grandchild = await newTag(server, who.admin, { parent_id: child.id });
    expectField(await server.api.put(`/tags/${top.id}`, { parent_id: top.id }, { token: who.admin }), '/parent_id', M.parentCycle);
    expectField(await server.api.put(`/tags/${top.id}`, { parent_id: grandchild.id }, { token: who.admin }), '/parent_id', M.parentCycle);
    expectField(
      await server.api.put(`/tags/${top.id}`, { parent: { id: 99999999 } }, { token: who.admin }),
      '/parent_id',
      M.parentMissing(99999999),
    );
  });

  it('answers 404 before 403 before 422', async () => {
    expectStatus(await server.api.put('/tags/99999999', { tag: '' }, { token: who.member.token }), 404);
    const tag = await newTag(server, who.admin);
    expectStatus(await server.api.put(`/tags/${tag.id}`, { tag: '' }, { token: who.member.token }), 403);
    expectStatus(await server.api.put(`/tags/${tag.id}`, { tag: 'x' }), 401);
    expectStatus(await server.api.put(`/tags/${tag.id}`, { tag: 'x' }, { token: who.client }), 403);
  });
});

describe('GET /tags and /tags/{id}', () => {
  it('shows each caller only the categories open to their role', async () => {
    const open = await newTag(server, who.admin);
    const members = await newTag(server, who.admin, { role: ['user'] });
    const admins = await newTag(server, who.admin, { role: ['admin'] });
    const adminChild = await newTag(server, who.admin, { parent_id: admins.id });
    const mine = [open.id, members.id, admins.id, adminChild.id];
    const visible = async (token?: string) => ids(await server.api.get('/tags?limit=1000', { token })).filter((id) => mine.includes(id));
    expect(await visible(who.member.token)).toEqual([open.id, members.id]);
    expect(await visible(who.client)).toEqual([open.id]);
    expect(await visible()).toEqual([open.id]);
    expect(await visible(who.manager.token)).toEqual(mine);
    expect(await visible(who.admin)).toEqual(mine);

    expectStatus(await server.api.get(`/tags/${members.id}`, { token: who.member.token }), 200);
    expectStatus(await server.api.get(`/tags/${members.id}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/tags/${members.id}`), 401);
    expectStatus(await server.api.get(`/tags/${adminChild.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`/tags/${adminChild.id}`, { token: who.manager.token }), 200);
    const read = await server.api.get(`/tags/${open.id}`, { token: who.member.token });
    expect(read.body.allowed_privileges).toEqual(['read', 'search']);
    const count = await server.api.get('/tags', { token: who.member.token });
    expect(count.body.total_count).toBe(count.body.count);
  });

  it('hides a child whose parent the caller cannot read', async () => {
    const parent = await newTag(server, who.admin);
    const child = await newTag(server, who.admin, { parent_id: parent.id });
    // Written behind the API's back: the rule still follows the parent.
    await server.ctx.db
      .updateTable('tags')
      .set({ role: ['admin'] })
      .where('id', '=', parent.id)
      .execute();
    expectStatus(await server.api.get(`/tags/${child.id}`, { token: who.member.token }), 403);
    expect(ids(await server.api.get(`/tags?parent_id=${parent.id}`, { token: who.member.token }))).toEqual([]);
    expect(ids(await server.api.get(`/tags?parent_id=${parent.id}`, { token: who.admin }))).toEqual([child.id]);
  });

  it('filters by q, type, parent_id, tag and level=parent in both list encodings', async () => {
    const stem = unique('Explo');
    const top = await newTag(server, who.admin, { tag: `${stem} top` });
    const child = await newTag(server, who.admin, { tag: `${stem} child`, parent_id: top.id });
    const status = await newTag(server, who.admin, { tag: `${stem} status`, type: 'status' });
    const q = `q=${stem.toLowerCase()}`;
    expect(ids(await server.api.get(`/tags?${q}`))).toEqual([top.id, child.id, status.id]);
    expect(ids(await server.api.get(`/tags?${q}&type=category`))).toEqual([top.id, child.id]);
    expect(ids(await server.api.get(`/tags?${q}&type[]=status`))).toEqual([status.id]);
    expect(ids(await server.api.get(`/tags?${q}&type=status,category`))).toEqual([top.id, child.id, status.id]);
    expect(ids(await server.api.get(`/tags?parent_id=${top.id}`))).toEqual([child.id]);
    expect(ids(await server.api.get(`/tags?parent_id[]=${top.id}&parent_id[]=${child.id}`))).toEqual([child.id]);
    expect(ids(await server.api.get(`/tags?${q}&level=parent`))).toEqual([top.id, status.id]);
    expect(ids(await server.api.get(`/tags?tag=${encodeURIComponent(`${stem} child`)}`))).toEqual([child.id]);
    const page = await server.api.get(`/tags?${q}&orderby=tag&order=desc&limit=2`);
    expect(page.body).toMatchObject({ count: 2, total_count: 3, limit: 2, orderby: 'tag', order: 'desc' });
    expect(ids(page)).toEqual([top.id, status.id]);
    expectStatus(await server.api.get('/tags?parent_id=abc'), 422);
    expectStatus(await server.api.get('/tags?orderby=role'), 422);
  });

  it('answers 404 for unknown ids, 405 for unrouted methods, and refuses anonymous callers of a private deployment', async () => {
    expectStatus(await server.api.get('/tags/99999999'), 404);
    expectStatus(await server.api.get('/tags/abc'), 404);
    const tag = await newTag(server, who.admin);
    expectStatus(await server.api.post(`/tags/${tag.id}`, {}, { token: who.admin }), 405);
    expectStatus(await server.api.request('PATCH', '/tags', { token: who.admin }), 405);
    await storeConfig(server, 'site', 'private', true);
    expectStatus(await server.api.get('/tags'), 401);
    expectStatus(await server.api.get(`/tags/${tag.id}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/tags/${tag.id}`, { token: who.member.token }), 200);
  });
});

describe('DELETE /tags/{id}', () => {
  it('returns the category, lifts its children and strips it from every category field', async () => {
    const top = await newTag(server, who.admin);
    const child = await newTag(server, who.admin, { parent_id: top.id });
    const keep = await newTag(server, who.admin);
    const form = await newForm(server, who.admin);
    const stage = await newStage(server, who.admin, form.id);
    const field = await newAttribute(server, who.admin, form.id, stage.id, {
      type: 'tags',
      input: 'tags',
      options: [top.id, keep.id, child.id],
    });
    // An older client may have stored ids as strings.
    await server.ctx.db
      .updateTable('form_attributes')
      .set({ options: JSON.stringify([String(top.id), keep.id, child.id]) })
      .where('id', '=', field.id)
      .execute();

    const res = await server.api.del(`/tags/${top.id}`, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: top.id, children: [{ id: child.id }] });
    expectStatus(await server.api.get(`/tags/${top.id}`, { token: who.admin }), 404);
    expect((await server.api.get(`/tags/${child.id}`, { token: who.admin })).body.parent).toBeNull();
    expect((await server.api.get(`/forms/${form.id}/attributes/${field.id}`, { token: who.admin })).body.options).toEqual([
      keep.id,
      child.id,
    ]);
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.tags.map((t: { id: number }) => t.id)).toEqual([
      child.id,
      keep.id,
    ]);
    expectStatus(await server.api.del(`/tags/${top.id}`, { token: who.admin }), 404);
  });

  it('is for admins and Manage Settings only', async () => {
    const tag = await newTag(server, who.admin);
    expectStatus(await server.api.del(`/tags/${tag.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.del(`/tags/${tag.id}`, { token: who.client }), 403);
    expectStatus(await server.api.del(`/tags/${tag.id}`), 401);
    expectStatus(await server.api.get(`/tags/${tag.id}`), 200);
  });
});
