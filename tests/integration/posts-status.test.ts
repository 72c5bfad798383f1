import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { resetConfig, setConfig, setPrivate } from './helpers/settings';
import { expectField, expectStatus, newForm, newStage, roleIdOf } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let approval: { id: number };
let open: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  approval = await newForm(server, who.admin, { require_approval: true });
  await newStage(server, who.admin, approval.id);
  open = await newForm(server, who.admin, { require_approval: false });
  await newStage(server, who.admin, open.id);
});
afterAll(async () => server?.close());

const put = (id: number, body: Record<string, unknown>, token: string) => server.api.put(`/posts/${id}`, body, { token });
const APPROVAL = 'Post needs approval by an administrator before it can be published';
const UNPUBLISH = 'Post can only be unpublished by an administrator';

describe('approval rule for callers without Manage Posts (API-CONTRACT 8.5)', () => {
  it('keeps posts of a survey that requires approval as drafts', async () => {
    const post = await createPost(server, who.member.token, postBody(approval.id));
    expect(post.status).toBe('draft');
    expectField(
      await server.api.post('/posts', postBody(approval.id, { status: 'published' }), { token: who.member.token }),
      '/status',
      APPROVAL,
    );
    expectField(await put(post.id, { status: 'published' }, who.member.token), '/status', APPROVAL);
    expectField(await put(post.id, { status: 'archived' }, who.member.token), '/status', APPROVAL);
    // Editing without touching the status is fine.
    expectStatus(await put(post.id, { title: 'Still a draft', status: 'draft' }, who.member.token), 200);
  });

  it('publishes posts of an open survey and lets only managers unpublish them', async () => {
    const post = await createPost(server, who.member.token, postBody(open.id));
    expect(post.status).toBe('published');
    const draft = await createPost(server, who.member.token, postBody(open.id, { status: 'draft' }));
    expect(draft.status).toBe('draft');
    expectField(
      await server.api.post('/posts', postBody(open.id, { status: 'archived' }), { token: who.member.token }),
      '/status',
      UNPUBLISH,
    );
    expectField(await put(post.id, { status: 'draft' }, who.member.token), '/status', UNPUBLISH);
    expectField(await put(post.id, { status: 'archived' }, who.member.token), '/status', UNPUBLISH);
    expectStatus(await put(draft.id, { status: 'published' }, who.member.token), 200);
  });

  it('lets managers and admins move posts between any statuses', async () => {
    const post = await createPost(server, who.member.token, postBody(approval.id));
    for (const [status, token] of [
      ['published', who.manager.token],
      ['archived', who.manager.token],
      ['draft', who.admin],
      ['published', who.admin],
    ] as const) {
      const res = await put(post.id, { status }, token);
      expectStatus(res, 200);
      expect(res.body.status).toBe(status);
    }
    const direct = await server.api.post('/posts', postBody(approval.id, { status: 'published' }), { token: who.manager.token });
    expect(direct.body.status).toBe('published');
  });
});

describe('allowed_privileges (API-CONTRACT 8.5)', () => {
  it('lists what each caller may do with a published post', async () => {
    const post = await createPost(server, who.member.token, postBody(open.id));
    const privileges = async (token?: string) => (await server.api.get(`/posts/${post.id}`, { token })).body.allowed_privileges;
    expect(await privileges(who.member.token)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(await privileges(who.other.token)).toEqual(['read', 'search']);
    expect(await privileges()).toEqual(['read', 'search']);
    expect(await privileges(who.client)).toEqual(['read', 'search']);
    expect(await privileges(who.manager.token)).toEqual(['read', 'create', 'update', 'search', 'change_status', 'read_full']);
    expect(await privileges(who.deleter.token)).toEqual(['read', 'create', 'update', 'delete', 'search', 'change_status', 'read_full']);
    expect(await privileges(who.admin)).toEqual(['read', 'create', 'update', 'delete', 'search', 'change_status', 'read_full']);
  });
});

describe('who may write (API-CONTRACT 8.5, 17)', () => {
  it('restricts surveys to everyone_can_create or their roles', async () => {
    const restricted = await newForm(server, who.admin, { everyone_can_create: false, require_approval: false });
    await newStage(server, who.admin, restricted.id);
    expectStatus(
      await server.api.put(`/forms/${restricted.id}/roles`, { roles: [await roleIdOf(server, who.rangerRole)] }, { token: who.admin }),
      200,
    );
    expectStatus(await server.api.post('/posts', postBody(restricted.id), { token: who.member.token }), 403);
    expectStatus(await server.api.post('/posts', postBody(restricted.id), { token: who.client }), 403);
    expectStatus(await server.api.post('/posts', postBody(restricted.id), { token: who.ranger.token }), 200);
    expectStatus(await server.api.post('/posts', postBody(restricted.id), { token: who.manager.token }), 200);
    // 403 comes before 422.
    expectStatus(await server.api.post('/posts', { form: restricted.id, title: 'x' }, { token: who.member.token }), 403);
    // A member's own post in a survey that no longer admits them cannot be edited by them.
    const mine = await createPost(server, who.admin, postBody(restricted.id, { user_id: who.member.id }));
    expectStatus(await put(mine.id, { title: 'Mine still' }, who.member.token), 403);
    const disabled = await newForm(server, who.admin, { disabled: true });
    expectStatus(await server.api.post('/posts', postBody(disabled.id), { token: who.member.token }), 403);
  });

  it('refuses creating on behalf of someone else and changing ownership', async () => {
    expectStatus(await server.api.post('/posts', postBody(open.id, { user_id: who.other.id }), { token: who.member.token }), 403);
    expectStatus(await server.api.post('/posts', postBody(open.id, { user: { id: who.other.id } }), { token: who.member.token }), 403);
    expectStatus(await server.api.post('/posts', postBody(open.id, { author_realname: 'Someone else' }), { token: who.member.token }), 403);
    expectStatus(await server.api.post('/posts', postBody(open.id, { user_id: who.member.id }), { token: who.member.token }), 200);
    const post = await createPost(server, who.member.token, postBody(open.id));
    expectStatus(await put(post.id, { user_id: who.other.id }, who.member.token), 403);
    expectStatus(await put(post.id, { user_id: who.member.id, title: 'Same owner' }, who.member.token), 200);
    const moved = await put(post.id, { user: { id: who.other.id } }, who.manager.token);
    expectStatus(moved, 200);
    expect(moved.body.user.id).toBe(who.other.id);
  });

  it('lets owners edit and delete their posts, managers edit any, Delete Posts delete any', async () => {
    const post = await createPost(server, who.member.token, postBody(open.id));
    expectStatus(await put(post.id, { title: 'By another' }, who.other.token), 403);
    expectStatus(await server.api.put(`/posts/${post.id}`, { title: 'Anonymous' }), 401);
    expectStatus(await put(post.id, { title: 'Client token' }, who.client), 403);
    expectStatus(await put(post.id, { title: 'By a manager' }, who.manager.token), 200);
    expectStatus(await server.api.del(`/posts/${post.id}`, { token: who.other.token }), 403);
    expectStatus(await server.api.del(`/posts/${post.id}`, { token: who.manager.token }), 403);
    expectStatus(await server.api.del(`/posts/${post.id}`), 401);
    expectStatus(await server.api.del(`/posts/${post.id}`, { token: who.deleter.token }), 200);
    const own = await createPost(server, who.member.token, postBody(open.id));
    expectStatus(await server.api.del(`/posts/${own.id}`, { token: who.member.token }), 200);
  });
});

describe('anonymous creation (API-CONTRACT 8.5)', () => {
  it('answers 204 with no body when the new post is a draft the visitor cannot read', async () => {
    const res = await server.api.post('/posts', postBody(approval.id, { title: 'Anonymous report' }), { token: who.client });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const row = await server.ctx.db.selectFrom('posts').selectAll().where('title', '=', 'Anonymous report').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'draft', user_id: null, form_id: approval.id });
    expectStatus(await server.api.get(`/posts/${row.id}`), 401);
    expectStatus(await server.api.get(`/posts/${row.id}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/posts/${row.id}`, { token: who.manager.token }), 200);
  });

  it('answers 200 when the post is published, 401 without a token, 403 on a private deployment', async () => {
    const res = await server.api.post('/posts', postBody(open.id), { token: who.client });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'published', user: null });
    expectStatus(await server.api.post('/posts', postBody(open.id)), 401);
    await setPrivate(server, true);
    try {
      expectStatus(await server.api.post('/posts', postBody(open.id), { token: who.client }), 403);
      expectStatus(await server.api.get(`/posts/${res.body.id}`), 401);
      expectStatus(await server.api.get('/posts'), 401);
      expectStatus(await server.api.get(`/posts/${res.body.id}`, { token: who.member.token }), 200);
    } finally {
      await setPrivate(server, false);
    }
  });
});

describe('published-posts plan limit (API-CONTRACT 8.3)', () => {
  it('refuses to publish past features.limits.posts, drafts still allowed', async () => {
    const published = Number(
      (
        await server.ctx.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'published')
          .executeTakeFirstOrThrow()
      ).n,
    );
    await setConfig(server, 'features', 'limits', { posts: published + 1 });
    try {
      expectStatus(await server.api.post('/posts', postBody(open.id), { token: who.member.token }), 200);
      const over = await server.api.post('/posts', postBody(open.id), { token: who.member.token });
      expectField(over, '/status', 'limit::posts');
      expect(over.body.errors[1].title).toBe('limit::posts');
      const draft = await createPost(server, who.manager.token, postBody(open.id, { status: 'draft' }));
      expectField(await put(draft.id, { status: 'published' }, who.admin), '/status', 'limit::posts');
      // Editing an already published post is not publishing another one.
      const mine = await server.api.get(`/posts?status=published&user=me&limit=1`, { token: who.member.token });
      expectStatus(await put(mine.body.results[0].id, { title: 'Edited under the limit' }, who.member.token), 200);
    } finally {
      await resetConfig(server, 'features', 'limits');
    }
    expectStatus(await server.api.post('/posts', postBody(open.id), { token: who.member.token }), 200);
  });
});
