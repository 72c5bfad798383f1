import { PostRevisionSchema } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, fullSurvey, makePostCallers, postBody, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin, { require_approval: true });
});
afterAll(async () => server?.close());

describe('GET /posts/{id}/revisions (from the event log)', () => {
  it('lists every state the post went through, with the actor', async () => {
    const k = survey.keys;
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { title: 'First title', values: { [k.varchar]: ['one'] } }),
    );
    expectStatus(
      await server.api.put(`/posts/${post.id}`, { title: 'Second title', values: { [k.varchar]: ['two'] } }, { token: who.member.token }),
      200,
    );
    expectStatus(
      await server.api.put(
        `/posts/${post.id}`,
        { status: 'published', values: { [k.varchar]: ['two'], [k.internal]: ['checked'] } },
        { token: who.manager.token },
      ),
      200,
    );

    const res = await server.api.get(`/posts/${post.id}/revisions`, { token: who.member.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ count: 3, total_count: 3, orderby: 'id', order: 'asc' });
    const revisions = res.body.results.map((r: unknown) => PostRevisionSchema.parse(r));
    expect(
      revisions.map((r: { event: string; version: number; title: string; status: string; user: { id: number } }) => [
        r.event,
        r.version,
        r.title,
        r.status,
        r.user.id,
      ]),
    ).toEqual([
      ['post.created', 1, 'First title', 'draft', who.member.id],
      ['post.updated', 2, 'Second title', 'draft', who.member.id],
      ['post.status_changed', 3, 'Second title', 'published', who.manager.id],
    ]);
    expect(revisions[0]).toMatchObject({
      url: `${server.url}/api/v3/posts/${post.id}/revisions/${revisions[0].id}`,
      post_id: post.id,
      form: { id: survey.form.id },
      values: { [k.varchar]: ['one'] },
    });
    // The author does not see the internal task in old states either; a manager does.
    expect(revisions[2].values).toEqual({ [k.varchar]: ['two'] });
    const asManager = await server.api.get(`/posts/${post.id}/revisions?order=desc`, { token: who.manager.token });
    expect(asManager.body.results[0].values).toEqual({ [k.varchar]: ['two'], [k.internal]: ['checked'] });

    const one = await server.api.get(`/posts/${post.id}/revisions/${revisions[1].id}`, { token: who.member.token });
    expectStatus(one, 200);
    expect(one.body).toEqual(res.body.results[1]);
  });

  it('is for those who may edit the post', async () => {
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    expectStatus(await server.api.put(`/posts/${post.id}`, { status: 'published' }, { token: who.admin }), 200);
    expectStatus(await server.api.get(`/posts/${post.id}`), 200);
    expectStatus(await server.api.get(`/posts/${post.id}/revisions`), 401);
    expectStatus(await server.api.get(`/posts/${post.id}/revisions`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/posts/${post.id}/revisions`, { token: who.other.token }), 403);
    expectStatus(await server.api.get(`/posts/${post.id}/revisions`, { token: who.admin }), 200);
  });

  it('answers 404 for unknown posts and revisions of another post', async () => {
    const a = await createPost(server, who.member.token, postBody(survey.form.id));
    const b = await createPost(server, who.member.token, postBody(survey.form.id));
    const revisionOfB = (await server.api.get(`/posts/${b.id}/revisions`, { token: who.admin })).body.results[0].id;
    expectStatus(await server.api.get(`/posts/${a.id}/revisions/${revisionOfB}`, { token: who.admin }), 404);
    expectStatus(await server.api.get(`/posts/${a.id}/revisions/99999999`, { token: who.admin }), 404);
    expectStatus(await server.api.get(`/posts/${a.id}/revisions/abc`, { token: who.admin }), 404);
    expectStatus(await server.api.get('/posts/999999/revisions', { token: who.admin }), 404);
    expectStatus(await server.api.del(`/posts/${b.id}`, { token: who.admin }), 200);
    expectStatus(await server.api.get(`/posts/${b.id}/revisions`, { token: who.admin }), 404);
    expectStatus(await server.api.post(`/posts/${a.id}/revisions`, {}, { token: who.admin }), 405);
  });

  it('keeps the snapshot out of what sockets receive', async () => {
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [survey.keys.secret]: ['+1 555 0100'] } }),
    );
    const rows = await server.ctx.db.selectFrom('events').select(['payload', 'data']).where('aggregate_id', '=', String(post.id)).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]!.payload)).not.toContain('+1 555 0100');
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(post.title);
    expect(JSON.stringify(rows[0]!.data)).toContain('+1 555 0100');
  });
});
