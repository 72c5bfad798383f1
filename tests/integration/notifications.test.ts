import { NotificationMessages } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './helpers/factories';
import { resetConfig, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  other = await createUser(server);
});
afterAll(async () => server?.close());
afterEach(async () => resetConfig(server, 'site', 'private'));

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** Collections and saved searches as rows of `sets`; `role` restricts who may read them (API-CONTRACT 12). */
async function createSet(search = false, values: { role?: string[]; user_id?: number } = {}): Promise<number> {
  const row = await server.ctx.db
    .insertInto('sets')
    .values({ name: unique(search ? 'search' : 'collection'), search, role: values.role ?? null, user_id: values.user_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function expectField(res: { status: number; body: any }, pointer: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
}

async function subscribe(user: TestUser, set: number) {
  const res = await server.api.post('/notifications', { set }, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as { id: number };
}

describe('POST /notifications (API-CONTRACT 13.1)', () => {
  it('subscribes the caller to a collection or saved search', async () => {
    const set = await createSet();
    const res = await server.api.post('/notifications', { set }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/notifications/${res.body.id}`,
      user: { id: member.id, url: `${server.url}/api/v3/users/${member.id}` },
      set: { id: set, url: `${server.url}/api/v3/sets/${set}` },
      created: expect.stringMatching(W3C),
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    const search = await createSet(true);
    expect((await server.api.post('/notifications', { set: { id: search, url: 'ignored' } }, { token: member.token })).body.set.id).toBe(
      search,
    );
    const viaSetId = await createSet();
    expect((await server.api.post('/notifications', { set_id: String(viaSetId) }, { token: member.token })).body.set.id).toBe(viaSetId);
  });

  it('returns the existing subscription when subscribing twice', async () => {
    const set = await createSet();
    const first = await subscribe(member, set);
    const again = await server.api.post('/notifications', { set: String(set) }, { token: member.token });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    const concurrent = await Promise.all([1, 2, 3].map(() => server.api.post('/notifications', { set }, { token: member.token })));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(concurrent.map((r) => r.body.id))).toEqual(new Set([first.id]));
    const rows = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', member.id)
      .where('set_id', '=', set)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets an admin subscribe another user; members may not', async () => {
    const set = await createSet();
    const byAdmin = await server.api.post('/notifications', { set, user_id: other.id }, { token: admin });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.user.id).toBe(other.id);
    expect((await server.api.post('/notifications', { set, user_id: other.id }, { token: member.token })).status).toBe(403);
    expect((await server.api.post('/notifications', { user_id: other.id }, { token: member.token })).status).toBe(403);
    expectField(
      await server.api.post('/notifications', { set, user_id: 999999 }, { token: admin }),
      '/user_id',
      NotificationMessages.userMissing(999999),
    );
    expectField(
      await server.api.post('/notifications', { set, user_id: 'me' }, { token: admin }),
      '/user_id',
      NotificationMessages.userInvalid,
    );
  });

  it('validates the set: required, an id, and existing', async () => {
    const post = (body: unknown) => server.api.post('/notifications', body, { token: member.token });
    expectField(await post({}), '/set', NotificationMessages.setRequired);
    expectField(await post({ set: null }), '/set', NotificationMessages.setRequired);
    expectField(await post({ set: 'abc' }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: -1 }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: 1.5 }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: true }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: [1] }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: { id: 'x' } }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: 99999999999 }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: '1; drop table sets; --' }), '/set', NotificationMessages.setInvalid);
    expectField(await post({ set: 999999 }), '/set', NotificationMessages.setMissing(999999));
    const summary = (await post({ set: 999999 })).body.errors[0];
    expect(summary).toEqual({
      status: 422,
      message: `Failed to validate notification entity:\n${NotificationMessages.setMissing(999999)}`,
    });
    const malformed = await server.api.request('POST', '/notifications', {
      token: member.token,
      raw: '{set:1}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('needs a user: 401 without a token, 403 with a client token, before validation', async () => {
    const set = await createSet();
    const none = await server.api.post('/notifications', { set });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.post('/notifications', { set }, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.post('/notifications', {}, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.post('/notifications', { set }, { token: await tokenFor(server, member.id, ['posts']) })).status).toBe(403);
  });
});

describe('subscribing needs read access to the set (issue 26)', () => {
  it('refuses a collection or saved search the caller may not read, as GET of it does (403)', async () => {
    const role = await createRole(server, []);
    const refused: number[] = [];
    for (const search of [false, true]) {
      const set = await createSet(search, { role: [role] });
      refused.push(set);
      const read = await server.api.get(`/${search ? 'savedsearches' : 'collections'}/${set}`, { token: member.token });
      expect(read.status).toBe(403);
      const res = await server.api.post('/notifications', { set }, { token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ status: 403, message: expect.any(String) });
      // Those the set is for, its owner and admins may subscribe.
      const ranger = await createUser(server, { role });
      expect((await server.api.post('/notifications', { set }, { token: ranger.token })).status).toBe(200);
      const owned = await createSet(search, { role: [role], user_id: member.id });
      expect((await server.api.post('/notifications', { set: owned }, { token: member.token })).status).toBe(200);
      expect((await server.api.post('/notifications', { set }, { token: admin })).status).toBe(200);
    }
    const mine = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', member.id)
      .where('set_id', 'in', refused)
      .execute();
    expect(mine).toEqual([]);
  });

  it('refuses moving a subscription to a set the caller may not read', async () => {
    const n = await subscribe(member, await createSet());
    const hidden = await createSet(false, { role: [await createRole(server, [])] });
    expect((await server.api.put(`/notifications/${n.id}`, { set: hidden }, { token: member.token })).status).toBe(403);
    expect((await server.api.get(`/notifications/${n.id}`, { token: member.token })).body.set.id).not.toBe(hidden);
  });

  it('refuses an admin subscribing someone to a set they may not read, with a pointer on the set', async () => {
    const hidden = await createSet(true, { role: [await createRole(server, [])] });
    expectField(
      await server.api.post('/notifications', { set: hidden, user_id: other.id }, { token: admin }),
      '/set',
      NotificationMessages.setUnreadable(hidden, other.id),
    );
    const n = await subscribe(other, await createSet());
    expectField(
      await server.api.put(`/notifications/${n.id}`, { set: hidden }, { token: admin }),
      '/set',
      NotificationMessages.setUnreadable(hidden, other.id),
    );
  });
});

describe('GET /notifications', () => {
  it('lists the caller’s subscriptions (user=me, set filter); admins see everyone’s', async () => {
    const user = await createUser(server);
    const [s1, s2] = [await createSet(), await createSet(true)];
    const a = await subscribe(user, s1);
    const b = await subscribe(user, s2);
    const theirs = await subscribe(other, s1);

    const mine = await server.api.get('/notifications?user=me', { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 2, total_count: 2, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(mine.body.results.map((n: { id: number }) => n.id)).toEqual([a.id, b.id]);

    // A member never sees other users' subscriptions, even when asking for them.
    const unfiltered = await server.api.get('/notifications', { token: user.token });
    expect(unfiltered.body.results.map((n: { id: number }) => n.id)).toEqual([a.id, b.id]);
    expect(unfiltered.body.total_count).toBe(2);
    const asking = await server.api.get(`/notifications?user=${other.id}`, { token: user.token });
    expect(asking.body).toMatchObject({ count: 0, total_count: 0 });

    const bySet = await server.api.get(`/notifications?set=${s1}`, { token: admin });
    expect(bySet.body.results.map((n: { id: number }) => n.id)).toEqual([a.id, theirs.id]);
    const bySets = await server.api.get(`/notifications?set[]=${s1}&set[]=${s2}&user=${user.id}&orderby=id&order=desc&limit=1`, {
      token: admin,
    });
    expect(bySets.body).toMatchObject({ count: 1, total_count: 2, limit: 1 });
    expect(bySets.body.results[0].id).toBe(b.id);
  });

  it('reads one subscription for its owner and admins only', async () => {
    const n = await subscribe(member, await createSet());
    expect((await server.api.get(`/notifications/${n.id}`, { token: member.token })).status).toBe(200);
    expect((await server.api.get(`/notifications/${n.id}`, { token: admin })).body.allowed_privileges).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'search',
    ]);
    expect((await server.api.get(`/notifications/${n.id}`, { token: other.token })).status).toBe(403);
    expect((await server.api.get(`/notifications/${n.id}`, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get(`/notifications/${n.id}`)).status).toBe(401);
    expect((await server.api.get('/notifications/999999', { token: member.token })).status).toBe(404);
    expect((await server.api.get('/notifications/abc', { token: member.token })).status).toBe(404);
  });

  it('answers anonymous callers, bad filters and unrouted methods with 4xx', async () => {
    expect((await server.api.get('/notifications')).status).toBe(401);
    expect((await server.api.get('/notifications', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/notifications?set=abc', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/notifications?set=99999999999', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/notifications?user=x', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/notifications?orderby=nope', { token: member.token })).status).toBe(422);
    expect((await server.api.request('PATCH', '/notifications/1', { token: member.token })).status).toBe(405);
    expect((await server.api.del('/notifications', { token: admin })).status).toBe(405);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/notifications')).status).toBe(401);
    expect((await server.api.get('/notifications', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/notifications', { token: member.token })).status).toBe(200);
  });
});

describe('PUT and DELETE /notifications/{id}', () => {
  it('moves a subscription to another set; refuses duplicates and unknown sets', async () => {
    const [s1, s2, s3] = [await createSet(), await createSet(), await createSet()];
    const n = await subscribe(member, s1);
    await subscribe(member, s3);
    const res = await server.api.put(`/notifications/${n.id}`, { set: s2 }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: n.id, set: { id: s2 }, updated: expect.stringMatching(W3C) });
    expectField(
      await server.api.put(`/notifications/${n.id}`, { set: s3 }, { token: member.token }),
      '/set',
      NotificationMessages.alreadySubscribed,
    );
    expectField(
      await server.api.put(`/notifications/${n.id}`, { set: 999999 }, { token: member.token }),
      '/set',
      NotificationMessages.setMissing(999999),
    );
    expectField(
      await server.api.put(`/notifications/${n.id}`, { set: 'x' }, { token: member.token }),
      '/set',
      NotificationMessages.setInvalid,
    );
    const unchanged = await server.api.put(`/notifications/${n.id}`, {}, { token: member.token });
    expect(unchanged.body.set.id).toBe(s2);
    expect((await server.api.put(`/notifications/${n.id}`, { set: s1 }, { token: other.token })).status).toBe(403);
    expect((await server.api.put(`/notifications/${n.id}`, { set: 'x' }, { token: other.token })).status).toBe(403);
    expect((await server.api.put('/notifications/999999', { set: s1 }, { token: other.token })).status).toBe(404);
    expect((await server.api.put(`/notifications/${n.id}`, { set: s1 }, { token: admin })).status).toBe(200);
  });

  it('deletes for the owner and admins, returning the subscription', async () => {
    const set = await createSet();
    const n = await subscribe(member, set);
    expect((await server.api.del(`/notifications/${n.id}`, { token: other.token })).status).toBe(403);
    expect((await server.api.del(`/notifications/${n.id}`)).status).toBe(401);
    expect((await server.api.del(`/notifications/${n.id}`, { token: anonymousClient })).status).toBe(403);
    const res = await server.api.del(`/notifications/${n.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: n.id, user: { id: member.id }, set: { id: set } });
    expect((await server.api.get(`/notifications/${n.id}`, { token: member.token })).status).toBe(404);
    const theirs = await subscribe(other, set);
    expect((await server.api.del(`/notifications/${theirs.id}`, { token: admin })).status).toBe(200);
    expect((await server.api.del(`/notifications/${theirs.id}`, { token: admin })).status).toBe(404);
  });

  it('disappears with its set', async () => {
    const set = await createSet();
    const n = await subscribe(member, set);
    await server.ctx.db.deleteFrom('sets').where('id', '=', set).execute();
    expect((await server.api.get(`/notifications/${n.id}`, { token: member.token })).status).toBe(404);
  });
});
