import {
  LockEventPayloadSchema,
  POST_LOCK_CONFLICT_TITLE,
  PostLockMessages,
  PostLockResponseSchema,
  ReleasedLocksSchema,
  type PushedEvent,
} from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, type TestUser } from './helpers/factories';
import { insertPost, makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let adminId: number;
const sockets: TestSocket[] = [];
const open = async (token?: string) => {
  const socket = await connectSocket(server.url, token ? { token } : {});
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  adminId = (await server.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const lockRows = (postId: number) => server.ctx.db.selectFrom('post_locks').selectAll().where('post_id', '=', postId).execute();
const lockEvents = (postId: number) =>
  server.ctx.db
    .selectFrom('events')
    .select(['id', 'type'])
    .where('aggregate_type', '=', 'lock')
    .where('aggregate_id', '=', String(postId))
    .orderBy('id')
    .execute();
const isLockEvent = (postId: number, type?: string) => (e: PushedEvent) =>
  e.aggregate_type === 'lock' && e.aggregate_id === String(postId) && (type === undefined || e.type === type);
const memberPost = (member: TestUser, status = 'published') => insertPost(server, { user_id: member.id, status });

describe('post locks: who may do what', () => {
  it('lets the owner lock, re-acquire the same lock, and refuses everyone else the right way', async () => {
    const postId = await memberPost(who.member);
    const before = Math.floor(Date.now() / 1000);

    const first = await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token });
    expectStatus(first, 200);
    const lock = PostLockResponseSchema.parse(first.body);
    expect(lock.post_id).toBe(postId);
    expect(lock.user).toMatchObject({ id: who.member.id, realname: who.member.realname });
    expect(lock.url).toMatch(new RegExp(`/api/v3/posts/${postId}/lock$`));
    expect(lock.expires).toBeGreaterThanOrEqual(before + 300 - 1);
    expect(lock.expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300 + 1);

    // Re-acquiring (the trailing slash of the legacy client included) returns the same lock, renewed.
    const again = await server.api.put(`/posts/${postId}/lock/`, {}, { token: who.member.token });
    expectStatus(again, 200);
    expect(again.body.id).toBe(lock.id);
    expect(again.body.expires).toBeGreaterThanOrEqual(lock.expires);

    // No token: 401; an anonymous client token: 403; another member (not theirs): 403.
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}), 401);
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.client }), 403);
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.other.token }), 403);
    expectStatus(await server.api.put(`/posts/999999/lock`, {}, { token: who.admin }), 404);
    expectStatus(await server.api.put(`/posts/abc/lock`, {}, { token: who.admin }), 404);

    // A manager and an admin may lock, but not while the member holds it: 409 naming the holder.
    for (const token of [who.manager.token, who.admin]) {
      const conflict = await server.api.put(`/posts/${postId}/lock`, {}, { token });
      expectStatus(conflict, 409);
      expect(conflict.body.errors[0]).toEqual({
        status: 409,
        title: POST_LOCK_CONFLICT_TITLE,
        message: PostLockMessages.alreadyLocked(who.member.realname),
      });
    }
    const rows = await lockRows(postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: lock.id, user_id: who.member.id });

    // Only managers see the lock on the post.
    const asManager = await server.api.get(`/posts/${postId}`, { token: who.manager.token });
    expect(asManager.body.lock).toEqual({
      id: lock.id,
      user: { id: who.member.id, url: expect.stringMatching(new RegExp(`/users/${who.member.id}$`)), realname: who.member.realname },
      post_id: postId,
      expires: again.body.expires,
    });
    expect((await server.api.get(`/posts/${postId}`, { token: who.member.token })).body.lock).toBeNull();
    expect((await server.api.get(`/posts/${postId}`)).body.lock).toBeNull();
    const list = await server.api.get(`/posts?status=all&limit=100`, { token: who.admin });
    expect(list.body.results.find((p: { id: number }) => p.id === postId).lock.id).toBe(lock.id);

    expect((await lockEvents(postId)).map((e) => e.type)).toEqual(['lock.acquired', 'lock.renewed']);
  });

  it('refuses updates by anyone but the holder while the lock is active', async () => {
    const postId = await memberPost(who.member);
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token }), 200);

    const refused = await server.api.put(`/posts/${postId}`, { title: 'Manager edit' }, { token: who.manager.token });
    expectStatus(refused, 422);
    expect(refused.body.errors[1]).toMatchObject({ message: PostLockMessages.lockedForUpdate, source: { pointer: '/title' } });
    const title = (await server.ctx.db.selectFrom('posts').select('title').where('id', '=', postId).executeTakeFirstOrThrow()).title;
    expect(title).not.toBe('Manager edit');

    expectStatus(await server.api.put(`/posts/${postId}`, { title: 'Holder edit' }, { token: who.member.token }), 200);

    // Released: the manager may edit again.
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.member.token }), 200);
    expectStatus(await server.api.put(`/posts/${postId}`, { title: 'Manager edit' }, { token: who.manager.token }), 200);
  });

  it('lets the holder release, managers and admins break, and nobody else', async () => {
    const postId = await memberPost(who.member);
    const memberSocket = await open(who.member.token);
    const acquired = await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token });
    expectStatus(acquired, 200);

    expectStatus(await server.api.del(`/posts/${postId}/lock`), 401);
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.client }), 403);
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.other.token }), 403);
    expectStatus(await server.api.del(`/posts/999999/lock`, { token: who.admin }), 404);
    expect(await lockRows(postId)).toHaveLength(1);

    // A manager breaks it; the holder hears at once and its own release finds nothing.
    const broken = await server.api.del(`/posts/${postId}/lock/`, { token: who.manager.token });
    expectStatus(broken, 200);
    expect(broken.body).toMatchObject({ id: acquired.body.id, post_id: postId, user: { id: who.member.id } });
    const [pushed] = await memberSocket.waitFor(isLockEvent(postId, 'lock.broken'));
    expect(LockEventPayloadSchema.parse(pushed!.payload)).toMatchObject({
      post_id: postId,
      user_id: who.member.id,
      by_user_id: who.manager.id,
    });
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.member.token }), 404);

    // The admin "Unlock" button.
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token }), 200);
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.admin }), 200);
    const brokenEvents = await memberSocket.waitFor(isLockEvent(postId, 'lock.broken'), 2);
    expect(brokenEvents[1]!.payload.by_user_id).toBe(adminId);

    // The holder's own release is `lock.released`.
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token }), 200);
    expectStatus(await server.api.del(`/posts/${postId}/lock`, { token: who.member.token }), 200);
    await memberSocket.waitFor(isLockEvent(postId, 'lock.released'));
    expect(await lockRows(postId)).toHaveLength(0);
    expect((await lockEvents(postId)).map((e) => e.type)).toEqual([
      'lock.acquired',
      'lock.broken',
      'lock.acquired',
      'lock.broken',
      'lock.acquired',
      'lock.released',
    ]);
  });

  it('releases all of the caller’s locks on DELETE /posts/lock (logout)', async () => {
    const editor = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
    const ids = [await memberPost(who.member), await memberPost(who.other), await memberPost(who.member, 'draft')];
    for (const id of ids) expectStatus(await server.api.put(`/posts/${id}/lock`, {}, { token: editor.token }), 200);
    const othersLock = await memberPost(who.member);
    expectStatus(await server.api.put(`/posts/${othersLock}/lock`, {}, { token: who.member.token }), 200);

    expectStatus(await server.api.del('/posts/lock'), 401);
    expectStatus(await server.api.del('/posts/lock', { token: who.client }), 403);
    const released = await server.api.del('/posts/lock/', { token: editor.token });
    expectStatus(released, 200);
    const body = ReleasedLocksSchema.parse(released.body);
    expect(body.count).toBe(3);
    expect(body.results.map((l) => l.post_id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await lockRows(id)).toHaveLength(0);
    expect(await lockRows(othersLock)).toHaveLength(1);
    for (const id of ids) expect((await lockEvents(id)).map((e) => e.type)).toEqual(['lock.acquired', 'lock.released']);

    // Nothing left: an empty answer, not an error.
    expect((await server.api.del('/posts/lock', { token: editor.token })).body).toEqual({ count: 0, results: [] });
  });
});

describe('post locks: expiry', () => {
  it('never lets an expired lock block, and announces its expiry', async () => {
    const postId = await memberPost(who.member);
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token }), 200);
    // Move the lock's clock: it ran out a second ago (its delayed expiry job is minutes away).
    await server.ctx.db
      .updateTable('post_locks')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('post_id', '=', postId)
      .execute();

    expect((await server.api.get(`/posts/${postId}`, { token: who.admin })).body.lock).toBeNull();
    expectStatus(await server.api.put(`/posts/${postId}`, { title: 'Edited after expiry' }, { token: who.manager.token }), 200);
    const taken = await server.api.put(`/posts/${postId}/lock`, {}, { token: who.manager.token });
    expectStatus(taken, 200);
    expect(taken.body.user.id).toBe(who.manager.id);
    expect((await lockEvents(postId)).map((e) => e.type)).toEqual(['lock.acquired', 'lock.expired', 'lock.acquired']);
  });

  it('expires an idle lock through the job queue and pushes lock.expired at once', async () => {
    const postId = await memberPost(who.member);
    const holderSocket = await open(who.member.token);
    const watcher = await open();
    server.ctx.config.postLockTtlSeconds = 2;
    try {
      const lock = await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token });
      expectStatus(lock, 200);
      const started = Date.now();
      const [expired] = await holderSocket.waitFor(isLockEvent(postId, 'lock.expired'), 1, 15000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(expired!.payload).toMatchObject({ lock_id: lock.body.id, user_id: who.member.id, by_user_id: null });
      // The published post's lock changes reach anonymous watchers too.
      await watcher.waitFor(isLockEvent(postId, 'lock.expired'));
      expect(watcher.events.filter(isLockEvent(postId)).map((e) => e.type)).toEqual(['lock.acquired', 'lock.expired']);
      expect(await lockRows(postId)).toHaveLength(0);
    } finally {
      server.ctx.config.postLockTtlSeconds = 300;
    }
  });

  it('sweeps expired locks left behind on its schedule', async () => {
    const postId = await memberPost(who.member);
    expectStatus(await server.api.put(`/posts/${postId}/lock`, {}, { token: who.member.token }), 200);
    await server.ctx.db
      .updateTable('post_locks')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('post_id', '=', postId)
      .execute();
    // What the minutely schedule enqueues: a run without a lock id.
    await server.ctx.jobs.boss.send('post-lock-expiry', {});
    await expect
      .poll(async () => (await lockEvents(postId)).map((e) => e.type), { timeout: 10000 })
      .toEqual(['lock.acquired', 'lock.expired']);
    expect(await lockRows(postId)).toHaveLength(0);
  });
});

describe('post locks: realtime and races', () => {
  it('pushes lock changes only to sockets that may read the post', async () => {
    const draft = await memberPost(who.member, 'draft');
    const managerSocket = await open(who.manager.token);
    const ownerSocket = await open(who.member.token);
    const otherSocket = await open(who.other.token);
    const anonymousSocket = await open();
    const published = await memberPost(who.member);

    expectStatus(await server.api.put(`/posts/${draft}/lock`, {}, { token: who.manager.token }), 200);
    expectStatus(await server.api.put(`/posts/${published}/lock`, {}, { token: who.manager.token }), 200);
    for (const s of [managerSocket, ownerSocket, otherSocket, anonymousSocket]) await s.waitFor(isLockEvent(published, 'lock.acquired'));

    const [event] = await managerSocket.waitFor(isLockEvent(draft, 'lock.acquired'));
    expect(LockEventPayloadSchema.parse(event!.payload)).toMatchObject({
      post_id: draft,
      user_id: who.manager.id,
      user_realname: who.manager.realname,
    });
    expect(ownerSocket.events.some(isLockEvent(draft))).toBe(true);
    expect(otherSocket.events.some(isLockEvent(draft))).toBe(false);
    expect(anonymousSocket.events.some(isLockEvent(draft))).toBe(false);
    // Thin pushes: nothing of the post's content.
    expect(Object.keys(event!.payload).sort()).toEqual(['expires', 'lock_id', 'post_id', 'user_id', 'user_realname']);
  });

  it('gives the lock to exactly one of 50 concurrent acquirers', async () => {
    const postId = await memberPost(who.member);
    const role = await createRole(server, ['Manage Posts']);
    const racers = await Promise.all(Array.from({ length: 50 }, () => createUser(server, { role })));
    const answers = await Promise.all(racers.map((r) => server.api.put(`/posts/${postId}/lock`, {}, { token: r.token })));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const rows = await lockRows(postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(winners[0]!.body.user.id);
    // Every loser was told who won.
    const winner = racers.find((r) => r.id === rows[0]!.user_id)!;
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.errors[0].message).toBe(PostLockMessages.alreadyLocked(winner.realname));
    expect((await lockEvents(postId)).map((e) => e.type)).toEqual(['lock.acquired']);
  });
});
