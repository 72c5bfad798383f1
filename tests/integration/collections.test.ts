import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, unique, type TestUser } from './helpers/factories';
import { insertPost, makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { recipients, startSmtpServer } from './helpers/smtp';
import { connectSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let owner: TestUser;
let setManager: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  who = await makePostCallers(server);
  owner = await createUser(server, { realname: 'Olga Owner' });
  setManager = await createUser(server, { role: await createRole(server, ['Manage Collections and Saved Searches']) });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const create = async (token: string, body: Record<string, unknown>, path = '/collections') => {
  const res = await server.api.post(path, body, { token });
  expectStatus(res, 200);
  return res.body as { id: number; name: string; allowed_privileges: string[] } & Record<string, unknown>;
};

const eventCount = async (postId: number) =>
  (
    await server.ctx.db
      .selectFrom('events')
      .select('id')
      .where('aggregate_type', '=', 'post')
      .where('aggregate_id', '=', String(postId))
      .execute()
  ).length;

const pointers = (body: { errors: Array<{ source?: { pointer?: string }; message: string }> }) =>
  body.errors.filter((e) => e.source?.pointer).map((e) => [e.source!.pointer, e.message]);

describe('collections: records', () => {
  it('creates a collection owned by the caller with the contract shape, and reads it publicly', async () => {
    const name = unique('Floods ');
    const created = await create(owner.token, { name, description: 'Reports to verify', user_id: who.member.id, view: 'data' });
    expect(created).toMatchObject({
      name,
      description: 'Reports to verify',
      view: 'data',
      role: null,
      featured: false,
      view_options: null,
      user: { id: owner.id },
    });
    expect(created.url).toMatch(new RegExp(`/api/v3/collections/${created.id}$`));
    expect(created.allowed_privileges).toEqual(expect.arrayContaining(['read', 'update', 'delete']));
    expect(created).not.toHaveProperty('filter');

    const anonymous = await server.api.get(`/collections/${created.id}`);
    expectStatus(anonymous, 200);
    expect(anonymous.body.allowed_privileges).toEqual(['read', 'search']);
    // A collection is not a saved search.
    expectStatus(await server.api.get(`/savedsearches/${created.id}`), 404);
  });

  it('validates with messages and pointers', async () => {
    const short = await server.api.post('/collections', { name: 'ab', view: 'wall', role: ['no-such-role'] }, { token: owner.token });
    expectStatus(short, 422);
    expect(pointers(short.body)).toEqual(
      expect.arrayContaining([
        ['/name', 'name must be between 3 and 255 characters'],
        ['/view', 'view must be one of map, list, chart, timeline, data'],
      ]),
    );
    const missing = await server.api.post('/collections', {}, { token: owner.token });
    expectStatus(missing, 422);
    expect(pointers(missing.body)).toEqual([['/name', 'name is required']]);
    const role = await server.api.post('/collections', { name: unique('Roles '), role: ['no-such-role'] }, { token: owner.token });
    expectStatus(role, 422);
    expect(pointers(role.body)).toEqual([['/role', 'Role no-such-role does not exist']]);
    const search = await server.api.post('/savedsearches', { name: unique('Search ') }, { token: owner.token });
    expectStatus(search, 422);
    expect(pointers(search.body)).toEqual([['/filter', 'filter is required']]);
    const notObject = await server.api.post('/savedsearches', { name: unique('Search '), filter: [1] }, { token: owner.token });
    expect(pointers(notObject.body)).toEqual([['/filter', 'filter must be an object']]);
  });

  it('lets owners, set managers and admins change and delete; others and anonymous callers not', async () => {
    const collection = await create(owner.token, { name: unique('Mine ') });
    const path = `/collections/${collection.id}`;
    expectStatus(await server.api.put(path, { name: 'Not yours' }, { token: who.member.token }), 403);
    expectStatus(await server.api.put(path, { name: 'No token' }), 401);
    expectStatus(await server.api.post('/collections', { name: unique('Client ') }, { token: who.client }), 403);
    const renamed = await server.api.put(path, { name: 'Renamed by owner', user_id: who.member.id }, { token: owner.token });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({ name: 'Renamed by owner', user: { id: owner.id } });
    expectStatus(await server.api.put(path, { description: 'managed' }, { token: setManager.token }), 200);
    expectStatus(await server.api.put(path, { view: 'map' }, { token: who.admin }), 200);
    expectStatus(await server.api.del(path, { token: who.member.token }), 403);
    const deleted = await server.api.del(path, { token: owner.token });
    expectStatus(deleted, 200);
    expect(deleted.body.id).toBe(collection.id);
    expectStatus(await server.api.get(path), 404);
  });

  it('lets only admins and set managers feature, even against Manage Posts', async () => {
    expectStatus(await server.api.post('/collections', { name: unique('Star '), featured: true }, { token: owner.token }), 403);
    expectStatus(await server.api.post('/collections', { name: unique('Star '), featured: true }, { token: who.manager.token }), 403);
    const featured = await create(setManager.token, { name: unique('Star '), featured: true });
    expect(featured.featured).toBe(true);
    const mine = await create(owner.token, { name: unique('Plain ') });
    expectStatus(await server.api.put(`/collections/${mine.id}`, { featured: true }, { token: owner.token }), 403);
    // Sending the unchanged value is no change.
    expectStatus(await server.api.put(`/collections/${mine.id}`, { featured: false, name: 'Still plain' }, { token: owner.token }), 200);
    expectStatus(await server.api.put(`/collections/${mine.id}`, { featured: true }, { token: who.admin }), 200);
  });

  it('shows role-restricted sets to those roles, owners and managers only, in reads and searches', async () => {
    const name = unique('Rangers only ');
    const restricted = await create(owner.token, { name, role: [who.rangerRole] });
    const path = `/collections/${restricted.id}`;
    // Without a token the refusal says who you are not (API-CONTRACT 2: 401 vs 403).
    expectStatus(await server.api.get(path), 401);
    expectStatus(await server.api.get(path, { token: who.member.token }), 403);
    expectStatus(await server.api.get(path, { token: who.ranger.token }), 200);
    expectStatus(await server.api.get(path, { token: setManager.token }), 200);
    const search = (token?: string) => server.api.get(`/collections?q=${encodeURIComponent(name)}`, { token });
    expect((await search()).body.total_count).toBe(0);
    expect((await search(who.member.token)).body.results).toEqual([]);
    expect((await search(who.ranger.token)).body.results.map((c: { id: number }) => c.id)).toEqual([restricted.id]);
    expect((await search(owner.token)).body.total_count).toBe(1);
  });

  it('searches by name, featured and owner, featured first, and lists what I may edit', async () => {
    const tag = unique('Sorted ');
    const older = await create(owner.token, { name: `${tag} older` });
    const newer = await create(owner.token, { name: `${tag} newer` });
    const featured = await create(who.admin, { name: `${tag} featured`, featured: true });
    const list = await server.api.get(`/collections?q=${encodeURIComponent(tag)}&orderby=created&order=desc`);
    expectStatus(list, 200);
    expect(list.body.results.map((c: { id: number }) => c.id)).toEqual([featured.id, newer.id, older.id]);
    const onlyFeatured = await server.api.get(`/collections?q=${encodeURIComponent(tag)}&featured=true`);
    expect(onlyFeatured.body.results.map((c: { id: number }) => c.id)).toEqual([featured.id]);
    const byOwner = await server.api.get(`/collections?q=${encodeURIComponent(tag)}&user_id=${owner.id}`);
    expect(byOwner.body.total_count).toBe(2);
    const editable = await server.api.get(`/collections?q=${encodeURIComponent(tag)}&editableBy=me`, { token: owner.token });
    expect(editable.body.results.map((c: { id: number }) => c.id).sort()).toEqual([older.id, newer.id].sort());
    expectStatus(await server.api.get('/collections?orderby=password'), 422);
  });
});

/** `{"a":{"a":...1}}` nested `levels` deep, as raw JSON text (the client would refuse to build it). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('collections: free-form view_options (issue 26)', () => {
  it('reads the PHP empty array [] as an empty object, on create and update, and answers {}', async () => {
    const created = await create(owner.token, { name: unique('PHP '), view_options: [] });
    expect(created.view_options).toEqual({});
    const path = `/collections/${created.id}`;
    expect((await server.api.get(path)).body.view_options).toEqual({});
    const set = await server.api.put(path, { view_options: { zoom: 4 } }, { token: owner.token });
    expect(set.body.view_options).toEqual({ zoom: 4 });
    const cleared = await server.api.put(path, { view_options: [] }, { token: owner.token });
    expectStatus(cleared, 200);
    expect(cleared.body.view_options).toEqual({});
    // A list with something in it is still not an object.
    const list = await server.api.put(path, { view_options: [1] }, { token: owner.token });
    expect(pointers(list.body)).toEqual([['/view_options', 'view_options must be an object']]);
  });

  it('refuses view_options nested thousands of levels deep or too large with a 422, never a 500', async () => {
    const deep = await server.api.request('POST', '/collections', {
      token: owner.token,
      raw: `{"name":"${unique('Deep ')}","view_options":${nested(4500)}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expectStatus(deep, 422);
    expect(pointers(deep.body)).toEqual([['/view_options', 'view_options is nested too deeply (at most 32 levels of objects and arrays)']]);
    // A few levels are fine.
    const shallow = await server.api.request('POST', '/collections', {
      token: owner.token,
      raw: `{"name":"${unique('Shallow ')}","view_options":${nested(20)}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expectStatus(shallow, 200);
    const large = await server.api.post(
      '/collections',
      { name: unique('Large '), view_options: { notes: 'x'.repeat(70_000) } },
      { token: owner.token },
    );
    expectStatus(large, 422);
    expect(pointers(large.body)).toEqual([['/view_options', 'view_options must be at most 64 KB of JSON']]);
  });
});

describe('collection posts', () => {
  it('adds once, lists through the post search, shows memberships, and removes', async () => {
    const collection = await create(owner.token, { name: unique('Bridges ') });
    const inIt = await insertPost(server, { status: 'published', title: 'In the collection' });
    const outside = await insertPost(server, { status: 'published', title: 'Not in it' });
    const path = `/collections/${collection.id}/posts`;

    const added = await server.api.post(path, { id: inIt }, { token: owner.token });
    expectStatus(added, 200);
    expect(added.body).toMatchObject({ id: inIt, sets: [String(collection.id)] });
    expectStatus(await server.api.post(path, { id: inIt }, { token: owner.token }), 200);
    const events = await server.ctx.db
      .selectFrom('events')
      .select('type')
      .where('aggregate_type', '=', 'post')
      .where('aggregate_id', '=', String(inIt))
      .execute();
    // Adding twice is a no-op: one post.updated for the one change.
    expect(events.map((e) => e.type)).toEqual(['post.updated']);

    const listed = await server.api.get(path);
    expectStatus(listed, 200);
    expect(listed.body.results.map((p: { id: number }) => p.id)).toEqual([inIt]);
    expect((await server.api.get(`/posts?set=${collection.id}`)).body.results.map((p: { id: number }) => p.id)).toEqual([inIt]);
    expectStatus(await server.api.get(`${path}/${inIt}`), 200);
    expectStatus(await server.api.get(`${path}/${outside}`), 404);
    const memberships = await server.api.get(`/posts/${inIt}/collections`);
    expect(memberships.body.results.map((c: { id: number }) => c.id)).toEqual([collection.id]);

    const removed = await server.api.del(`${path}/${inIt}`, { token: owner.token });
    expectStatus(removed, 200);
    expect(removed.body.sets).toEqual([]);
    expect((await server.api.get(path)).body.results).toEqual([]);
    // Joining and leaving are pushed as updates, but the post itself did not change: no revisions.
    const revisions = await server.api.get(`/posts/${inIt}/revisions`, { token: who.admin });
    expectStatus(revisions, 200);
    expect(revisions.body.total_count).toBe(0);
  });

  it('refuses the wrong caller, an unreadable post, a bad id and an unknown collection', async () => {
    const collection = await create(owner.token, { name: unique('Guarded ') });
    const post = await insertPost(server, { status: 'published', title: 'Public' });
    const draft = await insertPost(server, { status: 'draft', user_id: who.member.id, title: 'Hidden draft' });
    const path = `/collections/${collection.id}/posts`;
    expectStatus(await server.api.post(path, { id: post }, { token: who.other.token }), 403);
    expectStatus(await server.api.post(path, { id: post }), 401);
    expectStatus(await server.api.post(path, { id: draft }, { token: owner.token }), 403);
    const bad = await server.api.post(path, { id: 'abc' }, { token: owner.token });
    expectStatus(bad, 422);
    expect(pointers(bad.body)).toEqual([['/id', 'id must be the id of a post']]);
    expect(pointers((await server.api.post(path, {}, { token: owner.token })).body)).toEqual([['/id', 'id must be the id of a post']]);
    // An id naming no post is an invalid id too.
    const unknown = await server.api.post(path, { id: 999999 }, { token: owner.token });
    expectStatus(unknown, 422);
    expect(pointers(unknown.body)).toEqual([['/id', 'id must be the id of a post']]);
    // Past the 32-bit ids of the database: refused like any other bad id, never reaching SQL (issue 26).
    for (const id of [2147483648, '2147483648', 1e20, true]) {
      const huge = await server.api.post(path, { id }, { token: owner.token });
      expectStatus(huge, 422);
      expect(pointers(huge.body)).toEqual([['/id', 'id must be the id of a post']]);
    }
    expectStatus(await server.api.post(path, { id: post }, { token: who.client }), 403);
    expectStatus(await server.api.del(`${path}/${post}`, { token: who.other.token }), 403);
    expectStatus(await server.api.del(`${path}/${post}`), 401);
    expectStatus(await server.api.post('/collections/999999/posts', { id: post }, { token: owner.token }), 404);
    expectStatus(await server.api.del(`/collections/999999/posts/${post}`, { token: owner.token }), 404);
    expectStatus(await server.api.get('/collections/999999/posts'), 404);
    expectStatus(await server.api.get(`/collections/999999/posts/${post}`), 404);
    expectStatus(await server.api.get('/posts/999999/collections'), 404);
    // Nothing was added by any of those.
    expect((await server.api.get(path)).body.total_count).toBe(0);
  });

  it("lets set managers and admins add to anyone's collection, and counts each change once in the event log", async () => {
    const collection = await create(owner.token, { name: unique('Shared work ') });
    const post = await insertPost(server, { status: 'published', title: 'Managed' });
    const path = `/collections/${collection.id}/posts`;
    const eventsOf = async () =>
      (
        await server.ctx.db
          .selectFrom('events')
          .select('type')
          .where('aggregate_type', '=', 'post')
          .where('aggregate_id', '=', String(post))
          .execute()
      ).map((e) => e.type);

    expectStatus(await server.api.post(path, { id: post }, { token: setManager.token }), 200);
    const removed = await server.api.del(`${path}/${post}`, { token: who.admin });
    expectStatus(removed, 200);
    expect(removed.body).toMatchObject({ id: post, sets: [] });
    expect(await eventsOf()).toEqual(['post.updated', 'post.updated']);
    // Removing a post that is not in it is a no-op too: 200 with the post, no event.
    const again = await server.api.del(`${path}/${post}`, { token: owner.token });
    expectStatus(again, 200);
    expect(again.body.id).toBe(post);
    expect(await eventsOf()).toEqual(['post.updated', 'post.updated']);
  });

  it('lists only what the post search would show the caller, with its filters', async () => {
    const collection = await create(owner.token, { name: unique('Mixed ') });
    const published = await insertPost(server, { status: 'published', title: 'Published one' });
    const draft = await insertPost(server, { status: 'draft', user_id: owner.id, title: 'Draft one' });
    const path = `/collections/${collection.id}/posts`;
    for (const id of [published, draft]) expectStatus(await server.api.post(path, { id }, { token: who.admin }), 200);

    const postIds = async (query: string, token?: string) => {
      const res = await server.api.get(`${path}${query}`, { token });
      expectStatus(res, 200);
      return (res.body.results as Array<{ id: number }>).map((p) => p.id).sort((a, b) => a - b);
    };
    // Same status default as GET /posts: published only.
    expect(await postIds('')).toEqual([published]);
    expect(await postIds('?status=all')).toEqual([published]);
    expect(await postIds('?status=all', who.admin)).toEqual([published, draft].sort((a, b) => a - b));
    expect(await postIds('?status=draft', owner.token)).toEqual([draft]);
    expect(await postIds(`?status=all&q=${encodeURIComponent('Published one')}`, who.admin)).toEqual([published]);
    // A `set` in the query cannot widen it to another collection.
    const other = await create(owner.token, { name: unique('Other ') });
    expect(await postIds(`?set=${other.id}`)).toEqual([published]);
    expectStatus(await server.api.get(`${path}/${draft}`), 401);
    expectStatus(await server.api.get(`${path}/${draft}`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`${path}/${draft}`, { token: owner.token }), 200);
  });

  it('hides a role-restricted collection and its posts from those outside the roles', async () => {
    const collection = await create(owner.token, { name: unique('Rangers posts '), role: [who.rangerRole] });
    const open = await create(owner.token, { name: unique('Open posts ') });
    const post = await insertPost(server, { status: 'published', title: 'In both' });
    for (const set of [collection, open]) {
      expectStatus(await server.api.post(`/collections/${set.id}/posts`, { id: post }, { token: owner.token }), 200);
    }
    const path = `/collections/${collection.id}/posts`;
    expectStatus(await server.api.get(path), 401);
    expectStatus(await server.api.get(path, { token: who.member.token }), 403);
    expect((await server.api.get(path, { token: who.ranger.token })).body.total_count).toBe(1);

    const collectionsOf = async (token?: string) => {
      const res = await server.api.get(`/posts/${post}/collections`, { token });
      expectStatus(res, 200);
      return (res.body.results as Array<{ id: number }>).map((c) => c.id);
    };
    expect(await collectionsOf()).toEqual([open.id]);
    expect(await collectionsOf(who.member.token)).toEqual([open.id]);
    expect(await collectionsOf(who.ranger.token)).toEqual([collection.id, open.id]);
    expect(await collectionsOf(who.admin)).toEqual([collection.id, open.id]);

    // The post of an unreadable post's collections is refused like the post itself.
    const draft = await insertPost(server, { status: 'draft', user_id: owner.id, title: 'Draft in none' });
    expectStatus(await server.api.get(`/posts/${draft}/collections`), 401);
    expectStatus(await server.api.get(`/posts/${draft}/collections`, { token: who.member.token }), 403);
  });

  it('pushes post.updated to open views when a post joins or leaves a collection', async () => {
    const collection = await create(owner.token, { name: unique('Live ') });
    const post = await insertPost(server, { status: 'published', title: 'Watched' });
    const watcher = await connectSocket(server.url);
    try {
      const ofPost = (e: { type: string; aggregate_id: string }) => e.type === 'post.updated' && e.aggregate_id === String(post);
      expectStatus(await server.api.post(`/collections/${collection.id}/posts`, { id: post }, { token: owner.token }), 200);
      const [joined] = await watcher.waitFor(ofPost);
      expect(joined).toMatchObject({ aggregate_type: 'post', actor_id: owner.id, payload: { id: post, status: 'published' } });
      expectStatus(await server.api.del(`/collections/${collection.id}/posts/${post}`, { token: owner.token }), 200);
      await watcher.waitFor(ofPost, 2);
    } finally {
      watcher.close();
    }
  });

  it('pushes collection.updated on a change and a delete, only to those who may see the set', async () => {
    const ranger = await createRole(server, []);
    const rangerUser = await createUser(server, { role: ranger });
    const collection = await create(owner.token, { name: unique('Watched set '), role: [ranger] });
    const search = await create(owner.token, { name: unique('Watched search '), filter: { q: 'x' } }, '/savedsearches');
    const insider = await connectSocket(server.url, { token: rangerUser.token });
    const outsider = await connectSocket(server.url, { token: who.member.token });
    try {
      const ofSet = (id: number) => (e: { type: string; aggregate_id: string }) =>
        e.type === 'collection.updated' && e.aggregate_id === String(id);
      expectStatus(await server.api.put(`/collections/${collection.id}`, { name: unique('Renamed ') }, { token: owner.token }), 200);
      const [renamed] = await insider.waitFor(ofSet(collection.id));
      expect(renamed).toMatchObject({
        aggregate_type: 'collection',
        actor_id: owner.id,
        payload: { id: collection.id, kind: 'collection', deleted: false },
      });
      // The saved search is everyone's: both hear of it; the role-restricted collection only the ranger.
      expectStatus(await server.api.put(`/savedsearches/${search.id}`, { name: unique('Renamed search ') }, { token: owner.token }), 200);
      await outsider.waitFor(ofSet(search.id));
      expectStatus(await server.api.del(`/collections/${collection.id}`, { token: owner.token }), 200);
      const [gone] = await insider.waitFor(ofSet(collection.id), 2).then((events) => events.slice(-1));
      expect(gone!.payload).toEqual({ id: collection.id, kind: 'collection', deleted: true });
      expect(outsider.events.filter(ofSet(collection.id))).toEqual([]);
    } finally {
      insider.close();
      outsider.close();
    }
  });

  it('forgets memberships when a collection is deleted', async () => {
    const collection = await create(owner.token, { name: unique('Short lived ') });
    const keep = await create(owner.token, { name: unique('Kept ') });
    const post = await insertPost(server, { status: 'published', title: 'Member of two' });
    for (const set of [collection, keep]) {
      expectStatus(await server.api.post(`/collections/${set.id}/posts`, { id: post }, { token: owner.token }), 200);
    }
    expect((await server.api.get(`/posts/${post}`)).body.sets.sort()).toEqual([String(collection.id), String(keep.id)].sort());

    const before = await eventCount(post);
    expectStatus(await server.api.del(`/collections/${collection.id}`, { token: owner.token }), 200);
    expect((await server.api.get(`/posts/${post}`)).body.sets).toEqual([String(keep.id)]);
    // Its posts' `sets` changed, so open views are told.
    expect(await eventCount(post)).toBe(before + 1);
    const rows = await server.ctx.db.selectFrom('posts_sets').select('post_id').where('set_id', '=', collection.id).execute();
    expect(rows).toEqual([]);
    expectStatus(await server.api.get(`/collections/${collection.id}/posts`), 404);
  });

  it('e-mails a subscriber when a post is added to the collection they follow', async () => {
    const follower = await createUser(server, { realname: 'Fiona Follower' });
    const email = `${unique('fiona')}@example.org`;
    expectStatus(await server.api.post('/contacts', { type: 'email', contact: email, can_notify: true }, { token: follower.token }), 200);
    const collection = await create(owner.token, { name: unique('Followed ') });
    expectStatus(await server.api.post('/notifications', { set: collection.id }, { token: follower.token }), 200);
    const post = await insertPost(server, { status: 'published', title: 'Road blocked at the ford' });

    expectStatus(await server.api.post(`/collections/${collection.id}/posts`, { id: post }, { token: owner.token }), 200);
    const mail = await smtp.waitForMail((m) => m.subject === `New post in ${collection.name}: Road blocked at the ford`);
    expect(recipients(mail)).toEqual([email]);

    // Deleting the collection ends the subscription with it.
    expectStatus(await server.api.del(`/collections/${collection.id}`, { token: owner.token }), 200);
    const left = await server.api.get(`/notifications?user=me&set=${collection.id}`, { token: follower.token });
    expect(left.body.total_count).toBe(0);
  });
});
