import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './helpers/api';
import { createRole, createUser, unique, type TestUser } from './helpers/factories';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, ids } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let owner: TestUser;
let setManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  owner = await createUser(server, { realname: 'Sam Searcher' });
  setManager = await createUser(server, { role: await createRole(server, ['Manage Collections and Saved Searches']) });
});
afterAll(async () => {
  await server?.close();
});

type SavedSearchJson = { id: number; name: string; allowed_privileges: string[] } & Record<string, unknown>;

const FILTER = { status: ['published', 'draft'], form: [3], q: 'bridge', order_unlocked_on_top: 'true', center_point: '-1.28,36.82' };

const create = async (token: string, body: Record<string, unknown> = {}): Promise<SavedSearchJson> => {
  const res = await server.api.post('/savedsearches', { name: unique('Search '), filter: FILTER, ...body }, { token });
  expectStatus(res, 200);
  return res.body;
};

const privileges = (res: ApiResponse) => [...(res.body.allowed_privileges as string[])].sort();

describe('saved searches: records', () => {
  it('creates one owned by the caller with the contract shape, storing the filter verbatim', async () => {
    const name = unique('Bridges ');
    const created = await create(owner.token, { name, description: 'Bridges to check', user_id: who.member.id });
    expect(created).toMatchObject({
      name,
      description: 'Bridges to check',
      filter: FILTER,
      search: true,
      view: 'list',
      role: null,
      featured: false,
      view_options: null,
      user: { id: owner.id },
      updated: null,
    });
    expect(created.url).toMatch(new RegExp(`/api/v3/savedsearches/${created.id}$`));
    expect((created.user as { url: string }).url).toMatch(new RegExp(`/api/v3/users/${owner.id}$`));
    expect(typeof created.created).toBe('string');

    const read = await server.api.get(`/savedsearches/${created.id}`);
    expectStatus(read, 200);
    expect(read.body).toMatchObject({ id: created.id, filter: FILTER, search: true });
  });

  it('updates its fields but never its owner, and deletes returning the deleted record', async () => {
    const search = await create(owner.token);
    const path = `/savedsearches/${search.id}`;
    const updated = await server.api.put(
      path,
      { filter: { q: 'road' }, view: 'map', view_options: { zoom: 7 }, user_id: who.member.id, description: null },
      { token: owner.token },
    );
    expectStatus(updated, 200);
    expect(updated.body).toMatchObject({
      name: search.name,
      filter: { q: 'road' },
      view: 'map',
      view_options: { zoom: 7 },
      description: null,
      user: { id: owner.id },
    });
    expect(updated.body.updated).not.toBeNull();

    const deleted = await server.api.del(path, { token: owner.token });
    expectStatus(deleted, 200);
    expect(deleted.body).toMatchObject({ id: search.id, filter: { q: 'road' } });
    expectStatus(await server.api.get(path), 404);
    expectStatus(await server.api.del(path, { token: owner.token }), 404);
    expectStatus(await server.api.request('PATCH', path, { body: {}, token: owner.token }), 405);
  });

  it('validates with the contract messages and pointers', async () => {
    const post = (body: Record<string, unknown>) => server.api.post('/savedsearches', body, { token: owner.token });
    expectField(await post({ filter: {} }), '/name', 'name is required');
    expectField(await post({ name: '  a ', filter: {} }), '/name', 'name must be between 3 and 255 characters');
    expectField(await post({ name: 'x'.repeat(256), filter: {} }), '/name', 'name must be between 3 and 255 characters');
    expectField(
      await post({ name: unique('S '), filter: {}, view: 'wall' }),
      '/view',
      'view must be one of map, list, chart, timeline, data',
    );
    expectField(await post({ name: unique('S ') }), '/filter', 'filter is required');
    expectField(await post({ name: unique('S '), filter: null }), '/filter', 'filter is required');
    expectField(await post({ name: unique('S '), filter: [1, 2] }), '/filter', 'filter must be an object');
    expectField(await post({ name: unique('S '), filter: 'q=bridge' }), '/filter', 'filter must be an object');
    expectField(await post({ name: unique('S '), filter: {}, role: 'user' }), '/role', 'role must be a list of role names');
    expectField(await post({ name: unique('S '), filter: {}, role: ['user', 'nobody-here'] }), '/role', 'Role nobody-here does not exist');
    expectField(await post({ name: unique('S '), filter: {}, featured: 'yes' }), '/featured', 'featured must be true or false');

    // Every failing field is listed once, after the summary.
    const many = await post({ name: 'ab', view: 'wall' });
    expectStatus(many, 422);
    expect(many.body.errors[0].message).toMatch(/^Failed to validate/);
    expect(
      many.body.errors
        .slice(1)
        .map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/filter', '/name', '/view']);

    const search = await create(owner.token);
    const put = (body: Record<string, unknown>) => server.api.put(`/savedsearches/${search.id}`, body, { token: owner.token });
    expectField(await put({ filter: ['x'] }), '/filter', 'filter must be an object');
    expectField(await put({ name: 'no' }), '/name', 'name must be between 3 and 255 characters');
    // A partial update needs no filter or name.
    expectStatus(await put({ description: 'only this' }), 200);
  });
});

describe('saved searches: the free-form filter (issue 26)', () => {
  it('reads the PHP empty array [] as an empty filter, and answers {}', async () => {
    const created = await create(owner.token, { filter: [], view_options: [] });
    expect(created).toMatchObject({ filter: {}, view_options: {} });
    const put = await server.api.put(`/savedsearches/${created.id}`, { filter: [] }, { token: owner.token });
    expectStatus(put, 200);
    expect(put.body.filter).toEqual({});
    expect((await server.api.get(`/savedsearches/${created.id}`)).body.filter).toEqual({});
  });

  it('refuses a filter nested thousands of levels deep or too large with a 422, never a 500', async () => {
    const raw = `{"name":"${unique('Deep ')}","filter":${'{"q":'.repeat(4500)}1${'}'.repeat(4500)}}`;
    const deep = await server.api.request('POST', '/savedsearches', {
      token: owner.token,
      raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expectField(deep, '/filter', 'filter is nested too deeply (at most 32 levels of objects and arrays)');
    const search = await create(owner.token);
    const deepPut = await server.api.request('PUT', `/savedsearches/${search.id}`, {
      token: owner.token,
      raw: `{"filter":{"tags":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expectField(deepPut, '/filter', 'filter is nested too deeply (at most 32 levels of objects and arrays)');
    expectField(
      await server.api.post('/savedsearches', { name: unique('Large '), filter: { q: 'x'.repeat(70_000) } }, { token: owner.token }),
      '/filter',
      'filter must be at most 64 KB of JSON',
    );
    // Nothing of those was stored.
    expect((await server.api.get(`/savedsearches/${search.id}`)).body.filter).toEqual(FILTER);
  });
});

describe('saved searches: who may do what', () => {
  it('lets any logged-in user create; refuses callers without a user', async () => {
    const body = { name: unique('Nobody '), filter: {} };
    expectStatus(await server.api.post('/savedsearches', body), 401);
    expectStatus(await server.api.post('/savedsearches', body, { token: who.client }), 403);
    expectStatus(await server.api.post('/savedsearches', body, { token: who.ranger.token }), 200);
  });

  it('lets the owner, set managers and admins change and delete; others only read', async () => {
    const search = await create(owner.token);
    const path = `/savedsearches/${search.id}`;
    expect(privileges(await server.api.get(path))).toEqual(['read', 'search']);
    expect(privileges(await server.api.get(path, { token: who.client }))).toEqual(['read', 'search']);
    expect(privileges(await server.api.get(path, { token: who.member.token }))).toEqual(['create', 'read', 'search']);
    expect(privileges(await server.api.get(path, { token: owner.token }))).toEqual(['create', 'delete', 'read', 'search', 'update']);
    expect(privileges(await server.api.get(path, { token: setManager.token }))).toEqual(['create', 'delete', 'read', 'search', 'update']);

    expectStatus(await server.api.put(path, { name: 'Anonymous rename' }), 401);
    expectStatus(await server.api.put(path, { name: 'Client rename' }, { token: who.client }), 403);
    expectStatus(await server.api.put(path, { name: 'Member rename' }, { token: who.member.token }), 403);
    // Manage Posts is not Manage Collections and Saved Searches.
    expectStatus(await server.api.put(path, { name: 'Manager rename' }, { token: who.manager.token }), 403);
    expectStatus(await server.api.del(path, { token: who.member.token }), 403);
    expectStatus(await server.api.put(path, { name: 'Set manager rename' }, { token: setManager.token }), 200);
    expectStatus(await server.api.put(path, { name: 'Admin rename' }, { token: who.admin }), 200);
    expect((await server.api.get(path)).body.name).toBe('Admin rename');

    const other = await create(owner.token);
    expectStatus(await server.api.del(`/savedsearches/${other.id}`, { token: setManager.token }), 200);
    expectStatus(await server.api.del(path, { token: who.admin }), 200);
  });

  it('shows a role-restricted one only to those roles, its owner, set managers and admins', async () => {
    const name = unique('Rangers ');
    const search = await create(owner.token, { name, role: [who.rangerRole] });
    const path = `/savedsearches/${search.id}`;
    expectStatus(await server.api.get(path), 401);
    expectStatus(await server.api.get(path, { token: who.client }), 403);
    expectStatus(await server.api.get(path, { token: who.member.token }), 403);
    expectStatus(await server.api.get(path, { token: who.manager.token }), 403);
    for (const token of [who.ranger.token, owner.token, setManager.token, who.admin])
      expectStatus(await server.api.get(path, { token }), 200);
    // The ranger may read but not change it.
    expectStatus(await server.api.put(path, { name: 'Ranger rename' }, { token: who.ranger.token }), 403);

    const listed = async (token?: string) => ids(await server.api.get(`/savedsearches?q=${encodeURIComponent(name)}`, { token }));
    expect(await listed()).toEqual([]);
    expect(await listed(who.member.token)).toEqual([]);
    for (const token of [who.ranger.token, owner.token, setManager.token, who.admin]) expect(await listed(token)).toEqual([search.id]);

    // Opening it to everyone again (an empty list) shows it to all.
    const opened = await server.api.put(path, { role: [] }, { token: owner.token });
    expect(opened.body.role).toBeNull();
    expect(await listed()).toEqual([search.id]);
  });

  it('lets only admins and set managers feature one, or stop featuring it', async () => {
    const body = { name: unique('Star '), filter: {}, featured: true };
    expectStatus(await server.api.post('/savedsearches', body, { token: owner.token }), 403);
    expectStatus(await server.api.post('/savedsearches', body, { token: who.manager.token }), 403);
    const featured = await create(setManager.token, { featured: true });
    expect(featured.featured).toBe(true);
    expectStatus(await server.api.put(`/savedsearches/${featured.id}`, { featured: false }, { token: who.manager.token }), 403);

    const mine = await create(owner.token, { featured: false });
    const path = `/savedsearches/${mine.id}`;
    expectStatus(await server.api.put(path, { featured: true }, { token: owner.token }), 403);
    expect((await server.api.get(path)).body.featured).toBe(false);
    expectStatus(await server.api.put(path, { featured: false, name: 'Unchanged featured' }, { token: owner.token }), 200);
    expect((await server.api.put(path, { featured: true }, { token: who.admin })).body.featured).toBe(true);
    // Once featured by an admin, the owner may still edit the rest but not unfeature it.
    expectStatus(await server.api.put(path, { featured: false }, { token: owner.token }), 403);
    expectStatus(await server.api.put(path, { featured: true, description: 'kept' }, { token: owner.token }), 200);
  });
});

describe('saved searches: kinds stay apart', () => {
  it('answers 404 for a collection id on every saved search route and the other way round', async () => {
    const search = await create(owner.token);
    const collection = await server.api.post('/collections', { name: unique('Collection ') }, { token: owner.token });
    expectStatus(collection, 200);

    expectStatus(await server.api.get(`/savedsearches/${collection.body.id}`), 404);
    expectStatus(await server.api.put(`/savedsearches/${collection.body.id}`, { name: 'Crossed' }, { token: who.admin }), 404);
    expectStatus(await server.api.del(`/savedsearches/${collection.body.id}`, { token: who.admin }), 404);

    expectStatus(await server.api.get(`/collections/${search.id}`), 404);
    expectStatus(await server.api.put(`/collections/${search.id}`, { name: 'Crossed' }, { token: who.admin }), 404);
    expectStatus(await server.api.del(`/collections/${search.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.get(`/collections/${search.id}/posts`), 404);
    expectStatus(await server.api.post(`/collections/${search.id}/posts`, { id: 1 }, { token: who.admin }), 404);

    // Both still exist, unchanged.
    expect((await server.api.get(`/savedsearches/${search.id}`)).body.name).toBe(search.name);
    expect((await server.api.get(`/collections/${collection.body.id}`)).body.name).toBe(collection.body.name);
    expect(ids(await server.api.get(`/savedsearches?q=${encodeURIComponent(collection.body.name)}`))).toEqual([]);
    expect(ids(await server.api.get(`/collections?q=${encodeURIComponent(search.name)}`))).toEqual([]);
  });
});

describe('saved searches: search', () => {
  it('filters by name, featured and owner, orders featured first, and pages with a total', async () => {
    const tag = unique('Sorted ');
    const b = await create(owner.token, { name: `${tag} b` });
    const a = await create(who.member.token, { name: `${tag} a` });
    const c = await create(owner.token, { name: `${tag} c` });
    const star = await create(who.admin, { name: `${tag} z featured`, featured: true });
    const q = `q=${encodeURIComponent(tag)}`;

    // Default order: id ascending, after the featured ones (API-CONTRACT 12, 14.1).
    const plain = await server.api.get(`/savedsearches?${q}`);
    expectStatus(plain, 200);
    expect(ids(plain)).toEqual([star.id, b.id, a.id, c.id]);
    expect(plain.body).toMatchObject({ orderby: 'id', order: 'asc', total_count: 4, count: 4, limit: null, offset: 0 });

    expect(ids(await server.api.get(`/savedsearches?${q}&orderby=name&order=asc`))).toEqual([star.id, a.id, b.id, c.id]);
    expect(ids(await server.api.get(`/savedsearches?${q}&orderby=created&order=DESC`))).toEqual([star.id, c.id, a.id, b.id]);
    expect(ids(await server.api.get(`/savedsearches?${q}&featured=true`))).toEqual([star.id]);
    expect(ids(await server.api.get(`/savedsearches?${q}&featured=false`))).toEqual([b.id, a.id, c.id]);
    expect(ids(await server.api.get(`/savedsearches?${q}&user_id=${owner.id}`))).toEqual([b.id, c.id]);
    expect(ids(await server.api.get(`/savedsearches?${q}&user_id=me`, { token: who.member.token }))).toEqual([a.id]);
    // The name search is a substring match, and LIKE wildcards are taken literally.
    expect(ids(await server.api.get(`/savedsearches?q=${encodeURIComponent(`${tag.slice(3)} c`)}`))).toEqual([c.id]);
    expect(ids(await server.api.get(`/savedsearches?q=${encodeURIComponent(`${tag}%`)}`))).toEqual([]);

    const page = await server.api.get(`/savedsearches?${q}&limit=2&offset=1`);
    expect(ids(page)).toEqual([b.id, a.id]);
    expect(page.body).toMatchObject({ count: 2, total_count: 4, limit: 2, offset: 1 });

    expectStatus(await server.api.get('/savedsearches?orderby=filter'), 422);
    expectStatus(await server.api.get('/savedsearches?limit=-1'), 422);
    expectStatus(await server.api.get('/savedsearches?user_id=abc'), 422);
  });

  it('lists what I may edit: my own, or everything for set managers and admins', async () => {
    const tag = unique('Editable ');
    const mine = await create(owner.token, { name: `${tag} mine` });
    const theirs = await create(who.member.token, { name: `${tag} theirs` });
    const editable = async (token?: string) =>
      ids(await server.api.get(`/savedsearches?q=${encodeURIComponent(tag)}&editableBy=me`, { token }));
    expect(await editable(owner.token)).toEqual([mine.id]);
    expect(await editable(who.member.token)).toEqual([theirs.id]);
    expect(await editable(who.other.token)).toEqual([]);
    expect(await editable()).toEqual([]);
    expect(await editable(setManager.token)).toEqual([mine.id, theirs.id]);
    expect(await editable(who.admin)).toEqual([mine.id, theirs.id]);
  });
});
