import { PostBulkMessages, PostBulkResultSchema, PostMessages, type PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { insertPost, makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { dropConfig, expectField, expectStatus, newForm, newStage, storeConfig } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const bulk = (body: unknown, token?: string) => server.api.post('/posts/bulk', body, token ? { token } : {});
const statusOf = async (ids: number[]) =>
  (await server.ctx.db.selectFrom('posts').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.status);
const postEvents = (ids: number[]) =>
  server.ctx.db
    .selectFrom('events')
    .select(['aggregate_id', 'type'])
    .where('aggregate_type', '=', 'post')
    .where(
      'aggregate_id',
      'in',
      ids.map((id) => String(id)),
    )
    .orderBy('id')
    .execute();
const drafts = async (count: number, values: Record<string, unknown> = {}) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertPost(server, { user_id: who.member.id, status: 'draft', ...values }));
  return ids;
};
const isPostEvent = (ids: number[], type: string) => (e: PushedEvent) => e.type === type && ids.includes(Number(e.aggregate_id));

describe('POST /posts/bulk: who may call it, and bad input', () => {
  it('answers 401 without a token, 403 to a client token and to members changing statuses, 422 in the envelope for bad bodies', async () => {
    const [id] = await drafts(1);
    const body = { action: 'status', ids: [id], status: 'published' };
    expectStatus(await bulk(body), 401);
    expectStatus(await bulk(body, who.client), 403);
    // Only managers move statuses (API-CONTRACT 8.5): a member may change none, even of their own posts.
    expectStatus(await bulk(body, who.member.token), 403);
    expect(await statusOf([id!])).toEqual(['draft']);

    expectField(await bulk({ action: 'rename', ids: [id] }, who.admin), '/action', PostBulkMessages.actionInvalid);
    expectField(await bulk({ action: 'status', ids: [id], status: 'gone' }, who.admin), '/status', PostBulkMessages.statusInvalid);
    expectField(await bulk({ action: 'status', ids: [], status: 'draft' }, who.admin), '/ids', PostBulkMessages.idsInvalid);
    expectField(await bulk({ action: 'status', ids: 'all', status: 'draft' }, who.admin), '/ids', PostBulkMessages.idsInvalid);
    expectField(await bulk({ action: 'delete', ids: [id, 'x'] }, who.admin), '/ids', PostBulkMessages.idInvalid);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expectField(await bulk({ action: 'delete', ids: tooMany }, who.admin), '/ids', PostBulkMessages.idsInvalid);
    expectField(await bulk({ action: 'collection', ids: [id] }, who.admin), '/collection_id', PostBulkMessages.collectionInvalid);
    const malformed = await server.api.request('POST', `${server.url}/api/v3/posts/bulk`, {
      raw: '{"action":',
      token: who.admin,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([400, 422]).toContain(malformed.status);
    expect(malformed.body.errors[0].status).toBe(malformed.status);
    expectStatus(await server.api.get('/posts/bulk', { token: who.admin }), 405);
  });
});

describe('POST /posts/bulk: status', () => {
  it('changes every post in one request with one pushed event each, skipping and naming a post locked by someone else', async () => {
    const ids = await drafts(5);
    const [lockedId] = ids;
    // Another manager is editing the first post.
    expectStatus(await server.api.put(`/posts/${lockedId}/lock`, {}, { token: who.deleter.token }), 200);
    const watcher = await connectSocket(server.url, { token: who.admin });
    sockets.push(watcher);

    const res = await bulk({ action: 'status', ids: [...ids, 999999], status: 'published' }, who.manager.token);
    expectStatus(res, 200);
    const result = PostBulkResultSchema.parse(res.body);
    const rest = ids.slice(1);
    expect(result.changed).toEqual(rest);
    expect(result.unchanged).toEqual([]);
    expect(result.skipped).toEqual([
      {
        id: lockedId,
        title: expect.any(String),
        reason: 'locked',
        message: PostBulkMessages.skipped.locked(who.deleter.realname),
        locked_by: { id: who.deleter.id, realname: who.deleter.realname },
      },
      { id: 999999, title: null, reason: 'not_found', message: PostBulkMessages.skipped.not_found, locked_by: null },
    ]);
    expect(await statusOf(ids)).toEqual(['draft', 'published', 'published', 'published', 'published']);

    // One status event per changed post, pushed to another moderator's socket; none for the locked post.
    const pushed = await watcher.waitFor(isPostEvent(rest, 'post.status_changed'), rest.length);
    expect(pushed.map((e) => e.payload.previous_status)).toEqual(rest.map(() => 'draft'));
    expect((await postEvents(ids)).map((e) => [Number(e.aggregate_id), e.type])).toEqual(rest.map((id) => [id, 'post.status_changed']));

    // Asked again: nothing changes, nothing is announced.
    const again = PostBulkResultSchema.parse((await bulk({ action: 'status', ids: rest, status: 'published' }, who.manager.token)).body);
    expect(again).toMatchObject({ changed: [], unchanged: rest, skipped: [] });
    expect(await postEvents(ids)).toHaveLength(rest.length);

    // The lock holder itself is not kept out by its own lock.
    const mine = PostBulkResultSchema.parse(
      (await bulk({ action: 'status', ids: [lockedId], status: 'archived' }, who.deleter.token)).body,
    );
    expect(mine.changed).toEqual([lockedId]);
  });

  it('leaves a post with a required task open and names the task', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    await newStage(server, who.admin, form.id, { label: 'Post', type: 'post', priority: 0 });
    const review = await newStage(server, who.admin, form.id, { label: 'Fact check', type: 'task', priority: 1, required: true });
    const [open, done] = [
      await insertPost(server, { status: 'draft', form_id: form.id }),
      await insertPost(server, { status: 'draft', form_id: form.id, completed_stages: [review.id] }),
    ];
    const result = PostBulkResultSchema.parse((await bulk({ action: 'status', ids: [open, done], status: 'published' }, who.admin)).body);
    expect(result.changed).toEqual([done]);
    expect(result.skipped).toMatchObject([{ id: open, reason: 'incomplete', message: PostMessages.stageRequired('Fact check') }]);
    expect(await statusOf([open, done])).toEqual(['draft', 'published']);
  });

  it('is one transaction: passing the plan limit after the posts are written leaves every post and the event log as they were', async () => {
    const ids = await drafts(4);
    const published = Number(
      (
        await server.ctx.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'published')
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Room for two more published posts: the four are written, then the count refuses them and all roll back.
    await storeConfig(server, 'features', 'limits', { posts: published + 2, forms: true, admin_users: true });
    try {
      const refused = await bulk({ action: 'status', ids, status: 'published' }, who.admin);
      expectField(refused, '/status', PostMessages.limitReached);
      expect(await statusOf(ids)).toEqual(['draft', 'draft', 'draft', 'draft']);
      expect(await postEvents(ids)).toEqual([]);
      // Within the limit the same request goes through.
      expectStatus(await bulk({ action: 'status', ids: ids.slice(0, 2), status: 'published' }, who.admin), 200);
      expect(await statusOf(ids)).toEqual(['published', 'published', 'draft', 'draft']);
    } finally {
      await dropConfig(server, 'features', 'limits');
    }
  });
});

describe('POST /posts/bulk: delete', () => {
  it('deletes what each caller may delete, post by post, and names the rest', async () => {
    const own = await drafts(2);
    const others = await insertPost(server, { user_id: who.other.id, status: 'published' });
    const lockedOwn = await insertPost(server, { user_id: who.member.id, status: 'published' });
    expectStatus(await server.api.put(`/posts/${lockedOwn}/lock`, {}, { token: who.manager.token }), 200);

    // A member (Delete Their Own Posts) deletes their own posts only; a manager's lock keeps one out.
    const res = await bulk({ action: 'delete', ids: [...own, others, lockedOwn] }, who.member.token);
    expectStatus(res, 200);
    const result = PostBulkResultSchema.parse(res.body);
    expect(result.changed).toEqual(own);
    expect(result.skipped).toMatchObject([
      { id: others, reason: 'forbidden', title: expect.any(String) },
      { id: lockedOwn, reason: 'locked', locked_by: { id: who.manager.id } },
    ]);
    expect(await statusOf([...own, others, lockedOwn])).toEqual(['published', 'published']);
    expect((await postEvents(own)).map((e) => e.type)).toEqual(['post.deleted', 'post.deleted']);

    // Manage Posts without Delete Posts deletes nothing; with it, everything not locked.
    const manager = PostBulkResultSchema.parse((await bulk({ action: 'delete', ids: [others] }, who.manager.token)).body);
    expect(manager).toMatchObject({ changed: [], skipped: [{ id: others, reason: 'forbidden' }] });
    const deleter = PostBulkResultSchema.parse((await bulk({ action: 'delete', ids: [others, lockedOwn] }, who.deleter.token)).body);
    expect(deleter).toMatchObject({ changed: [others], skipped: [{ id: lockedOwn, reason: 'locked' }] });
  });

  it('hides the title of a skipped post the caller may not read', async () => {
    const hidden = await insertPost(server, { user_id: who.other.id, status: 'draft', title: unique('Secret ') });
    const result = PostBulkResultSchema.parse((await bulk({ action: 'delete', ids: [hidden] }, who.member.token)).body);
    expect(result.skipped).toEqual([
      { id: hidden, title: null, reason: 'forbidden', message: PostBulkMessages.skipped.forbidden, locked_by: null },
    ]);
  });
});

describe('POST /posts/bulk: add to collection', () => {
  it('adds readable, unlocked posts in one request, announces each, and refuses collections the caller may not change', async () => {
    const created = await server.api.post('/collections', { name: unique('Bulk ') }, { token: who.manager.token });
    expectStatus(created, 200);
    const setId = created.body.id as number;
    const ids = await drafts(3);
    const hidden = await insertPost(server, { user_id: who.other.id, status: 'draft' });
    await server.ctx.db.insertInto('posts_sets').values({ set_id: setId, post_id: ids[2]! }).execute();
    expectStatus(await server.api.put(`/posts/${ids[1]}/lock`, {}, { token: who.deleter.token }), 200);

    const res = await bulk({ action: 'collection', collection_id: setId, ids: [...ids, hidden] }, who.manager.token);
    expectStatus(res, 200);
    const result = PostBulkResultSchema.parse(res.body);
    // A manager reads every post: the other member's draft is added too.
    expect(result).toEqual({
      action: 'collection',
      changed: [ids[0], hidden],
      unchanged: [ids[2]],
      skipped: [expect.objectContaining({ id: ids[1], reason: 'locked' })],
    });
    const members = await server.ctx.db.selectFrom('posts_sets').select('post_id').where('set_id', '=', setId).orderBy('post_id').execute();
    expect(members.map((m) => m.post_id)).toEqual([ids[0], ids[2], hidden]);
    expect((await postEvents([ids[0]!, hidden])).map((e) => e.type)).toEqual(['post.updated', 'post.updated']);

    // A member may read only published posts of others and change only their own collections.
    expectStatus(await bulk({ action: 'collection', collection_id: setId, ids: [ids[0]] }, who.member.token), 403);
    expectStatus(await bulk({ action: 'collection', collection_id: 999999, ids: [ids[0]] }, who.manager.token), 404);
    const mine = await server.api.post('/collections', { name: unique('Mine ') }, { token: who.other.token });
    const forOther = PostBulkResultSchema.parse(
      (await bulk({ action: 'collection', collection_id: mine.body.id, ids: [ids[0], hidden] }, who.other.token)).body,
    );
    expect(forOther).toMatchObject({ changed: [hidden], skipped: [{ id: ids[0], reason: 'forbidden', title: null }] });
  });
});

describe('POST /posts/bulk: add to collection, subscribers', () => {
  it('queues a notification for each post a subscriber may read, and none for the rest', async () => {
    const created = await server.api.post('/collections', { name: unique('Watched ') }, { token: who.manager.token });
    const setId = created.body.id as number;
    const email = `${unique('watcher')}@example.org`;
    expectStatus(await server.api.post('/contacts', { type: 'email', contact: email, can_notify: true }, { token: who.other.token }), 200);
    expectStatus(await server.api.post('/notifications', { set: setId }, { token: who.other.token }), 200);
    const visible = [await insertPost(server, { status: 'published' }), await insertPost(server, { status: 'published' })];
    const draft = await insertPost(server, { status: 'draft', user_id: who.member.id });

    const result = PostBulkResultSchema.parse(
      (await bulk({ action: 'collection', collection_id: setId, ids: [...visible, draft] }, who.manager.token)).body,
    );
    expect(result.changed).toEqual([...visible, draft]);
    const queued = await server.ctx.db
      .selectFrom('notification_deliveries')
      .select('post_id')
      .where('set_id', '=', setId)
      .orderBy('post_id')
      .execute();
    expect(queued.map((q) => q.post_id)).toEqual(visible);
  });
});

describe('POST /posts/bulk: size', () => {
  it('publishes a thousand posts, then adds them to a collection, in one request each, with one event per post', async () => {
    const rows = await server.ctx.db
      .insertInto('posts')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({ title: `Bulk ${i} ${unique('')}`, content: 'many', status: 'draft' as const })) as never,
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    const started = performance.now();
    const res = await bulk({ action: 'status', ids, status: 'published' }, who.admin);
    const elapsed = performance.now() - started;
    expectStatus(res, 200);
    expect(PostBulkResultSchema.parse(res.body).changed).toHaveLength(1000);
    expect(await postEvents(ids)).toHaveLength(1000);
    console.info(`bulk publish of 1000 posts: ${Math.round(elapsed)} ms`);

    const collection = await server.api.post('/collections', { name: unique('Thousand ') }, { token: who.admin });
    const addStarted = performance.now();
    const added = await bulk({ action: 'collection', collection_id: collection.body.id, ids }, who.admin);
    const addElapsed = performance.now() - addStarted;
    expectStatus(added, 200);
    expect(PostBulkResultSchema.parse(added.body).changed).toHaveLength(1000);
    expect((await postEvents(ids)).filter((e) => e.type === 'post.updated')).toHaveLength(1000);
    console.info(`bulk add of 1000 posts to a collection: ${Math.round(addElapsed)} ms`);
  });
});
