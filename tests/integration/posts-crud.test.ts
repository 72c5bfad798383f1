import { PostSchema } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, fullSurvey, makePostCallers, postBody, uploadImage, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newTag } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin);
});
afterAll(async () => server?.close());

/** One value of every field type, as a client sends them. */
async function everyValue(relatedId: number) {
  const k = survey.keys;
  return {
    [k.varchar]: ['short'],
    [k.text]: ['a longer text'],
    [k.decimal]: ['12.5'],
    [k.int]: [7],
    [k.point]: [{ lat: -1.2921, lon: '36.8219' }],
    [k.date]: ['2016-05-31'],
    [k.datetime]: ['2016-05-31T10:20:30+02:00'],
    [k.select]: ['blue'],
    [k.radio]: ['no'],
    [k.checkbox]: ['a', 'c'],
    [k.relation]: [relatedId],
    [k.media]: [await uploadImage(server, who.member.token)],
    [k.video]: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [k.markdown]: ['**bold**'],
    [k.tags]: [String(survey.tag.id)],
    [k.link]: ['https://example.org/report'],
    [k.secret]: ['+254 700 000000'],
  };
}

describe('POST /posts and GET /posts/{id} (API-CONTRACT 8.2, 8.3)', () => {
  it('stores one value of every field type and renders each in its shape', async () => {
    const related = await createPost(server, who.member.token, postBody(survey.form.id));
    const values = await everyValue(related.id);
    const body = postBody(survey.form.id, { title: 'Flooded road', content: 'Water over the bridge', values, completed_stages: [] });
    const created = await server.api.post('/posts', body, { token: who.member.token });
    expectStatus(created, 200);
    const post = PostSchema.parse(created.body);
    const k = survey.keys;
    expect(post.values).toEqual({
      [k.varchar]: ['short'],
      [k.text]: ['a longer text'],
      [k.decimal]: [12.5],
      [k.int]: [7],
      [k.point]: [{ lat: -1.2921, lon: 36.8219 }],
      [k.date]: ['2016-05-31 00:00:00'],
      [k.datetime]: ['2016-05-31 08:20:30'],
      [k.select]: ['blue'],
      [k.radio]: ['no'],
      [k.checkbox]: ['a', 'c'],
      [k.relation]: [related.id],
      [k.media]: [values[k.media]![0]],
      [k.video]: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      [k.markdown]: ['**bold**'],
      [k.tags]: [survey.tag.id],
      [k.link]: ['https://example.org/report'],
      [k.secret]: ['+254 700 000000'],
    });
    expect(post).toMatchObject({
      url: `${server.url}/api/v3/posts/${post.id}`,
      form: { id: survey.form.id, url: `${server.url}/api/v3/forms/${survey.form.id}` },
      user: { id: who.member.id, url: `${server.url}/api/v3/users/${who.member.id}` },
      parent: null,
      message: null,
      contact: null,
      type: 'report',
      title: 'Flooded road',
      content: 'Water over the bridge',
      status: 'published',
      locale: 'en_us',
      tags: [{ id: survey.tag.id, url: `${server.url}/api/v3/tags/${survey.tag.id}` }],
      published_to: [],
      completed_stages: [],
      sets: [],
      lock: null,
      source: null,
      color: '#aa3300',
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    expect(post.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(post.post_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(post).not.toHaveProperty('author_email');

    const read = await server.api.get(`/posts/${post.id}`, { token: who.member.token });
    expectStatus(read, 200);
    expect(read.body).toEqual(created.body);

    // Managers see author fields and every privilege but delete (that needs Delete Posts).
    const asManager = await server.api.get(`/posts/${post.id}`, { token: who.manager.token });
    expect(asManager.body).toMatchObject({ author_email: null, author_realname: null });
    expect(asManager.body.allowed_privileges).toEqual(['read', 'create', 'update', 'search', 'change_status', 'read_full']);

    // The indexed copies: one point row, one category row.
    const points = await server.ctx.db.selectFrom('post_points').selectAll().where('post_id', '=', post.id).execute();
    expect(points).toMatchObject([{ attribute_key: k.point, lat: -1.2921, lon: 36.8219, ordinal: 0 }]);
    const tags = await server.ctx.db.selectFrom('posts_tags').selectAll().where('post_id', '=', post.id).execute();
    expect(tags).toMatchObject([{ tag_id: survey.tag.id }]);
  });

  it('answers a create exactly as a later read: categories given out of order and twice, by the field and the legacy list', async () => {
    const first = await newTag(server, who.admin);
    const second = await newTag(server, who.admin);
    const body = postBody(survey.form.id, { values: { [survey.keys.tags]: [String(survey.tag.id)] } });
    const created = await server.api.post('/posts', { ...body, tags: [second.id, survey.tag.id, first.id] }, { token: who.admin });
    expectStatus(created, 200);
    const tagIds = (created.body.tags as Array<{ id: number }>).map((t) => t.id);
    expect(tagIds).toEqual([survey.tag.id, first.id, second.id].sort((a, b) => a - b));
    const read = await server.api.get(`/posts/${created.body.id as number}`, { token: who.admin });
    expect(read.body).toEqual(created.body);
  });

  it('applies the create defaults and the write aliases, ignoring unknown fields', async () => {
    const approval = await fullSurvey(server, who.admin, { require_approval: true });
    const res = await server.api.post(
      '/posts',
      { title: 'Aliases', content: 'c', form_id: String(approval.form.id), nonsense: true, values: { title: ['x'], description: ['y'] } },
      { token: who.member.token },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'draft', form: { id: approval.form.id }, user: { id: who.member.id }, values: {} });
    expect(res.body.slug).toBe('aliases');
    const admin = await server.api.post(
      '/posts',
      {
        title: 'On behalf',
        content: 'c',
        form: approval.form.id,
        user: { id: who.other.id },
        post_date: '2020-01-02 03:04:05',
        locale: 'FR_fr',
      },
      { token: who.admin },
    );
    expectStatus(admin, 200);
    expect(admin.body).toMatchObject({
      user: { id: who.other.id },
      post_date: '2020-01-02T03:04:05+00:00',
      locale: 'fr_fr',
      status: 'draft',
    });
  });

  it('updates: fields not sent stay, values replace the whole set, the survey is set once', async () => {
    const k = survey.keys;
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [k.varchar]: ['one'], [k.int]: [1], [k.tags]: [survey.tag.id] } }),
    );
    const titleOnly = await server.api.put(`/posts/${post.id}`, { title: 'Renamed' }, { token: who.member.token });
    expectStatus(titleOnly, 200);
    expect(titleOnly.body).toMatchObject({ title: 'Renamed', content: post.content, values: { [k.varchar]: ['one'], [k.int]: [1] } });
    expect(titleOnly.body.updated).not.toBeNull();

    const replaced = await server.api.put(
      `/posts/${post.id}`,
      { values: { [k.int]: [2], [k.tags]: [survey.otherTag.id] }, form: { id: 999999 } },
      { token: who.member.token },
    );
    expectStatus(replaced, 200);
    expect(replaced.body.values).toEqual({ [k.int]: [2], [k.tags]: [survey.otherTag.id] });
    expect(replaced.body.tags).toEqual([{ id: survey.otherTag.id, url: `${server.url}/api/v3/tags/${survey.otherTag.id}` }]);
    expect(replaced.body.form.id).toBe(survey.form.id);
    const rows = await server.ctx.db.selectFrom('posts').select('version').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(rows.version).toBe(3);

    // A post without a survey can be given one, once.
    const loose = await createPost(server, who.admin, postBody(null));
    expect(loose.form).toBeNull();
    const given = await server.api.put(`/posts/${loose.id}`, { form_id: survey.form.id }, { token: who.admin });
    expectStatus(given, 200);
    expect(given.body.form.id).toBe(survey.form.id);
  });

  it('deletes and answers with the deleted post; unknown ids are 404', async () => {
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [survey.keys.point]: [{ lat: 1, lon: 2 }] } }),
    );
    const res = await server.api.del(`/posts/${post.id}`, { token: who.member.token });
    expectStatus(res, 200);
    expect(res.body.id).toBe(post.id);
    expectStatus(await server.api.get(`/posts/${post.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.put(`/posts/${post.id}`, { title: 'gone' }, { token: who.admin }), 404);
    expectStatus(await server.api.del(`/posts/${post.id}`, { token: who.admin }), 404);
    const points = await server.ctx.db.selectFrom('post_points').select('post_id').where('post_id', '=', post.id).execute();
    expect(points).toEqual([]);
  });

  it('answers OPTIONS with allowed_privileges', async () => {
    const anonymous = await server.api.request('OPTIONS', '/posts');
    expectStatus(anonymous, 200);
    expect(anonymous.body).toEqual({ allowed_privileges: ['create', 'search'] });
    const member = await server.api.request('OPTIONS', '/posts', { token: who.member.token });
    expect(member.body.allowed_privileges).toEqual(expect.arrayContaining(['create', 'search']));
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    const other = await server.api.request('OPTIONS', `/posts/${post.id}`, { token: who.other.token });
    expect(other.body).toEqual({ allowed_privileges: ['read', 'search'] });
    expectStatus(await server.api.request('OPTIONS', '/posts/999999'), 404);
  });
});
