import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './helpers/api';
import { tokenFor } from './helpers/factories';
import { createPost, fullSurvey, makePostCallers, postBody, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;
let post: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin);
  post = await createPost(server, who.member.token, postBody(survey.form.id));
});
afterAll(async () => server?.close());

/** Bad input is the caller's error: a 4xx with the envelope, never a 5xx. */
function expectRefused(res: ApiResponse, status?: number): void {
  expect(res.status, `${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  if (status !== undefined) expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(Array.isArray(res.body.errors), res.text.slice(0, 300)).toBe(true);
  expect(res.body.errors[0].status).toBe(res.status);
}

describe('bad bodies on POST and PUT /posts', () => {
  it('answers malformed JSON and non-object bodies with the envelope', async () => {
    const raw = (text: string) =>
      server.api.request('POST', '/posts', { raw: text, token: who.admin, headers: { 'Content-Type': 'application/json' } });
    expectRefused(await raw('{"title": "x",'));
    expectRefused(await raw('[1, 2, 3]'), 422);
    expectRefused(await raw('"just a string"'));
    expectRefused(await raw('null'));
    expectRefused(
      await server.api.request('PUT', `/posts/${post.id}`, {
        raw: '{nope',
        token: who.admin,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });

  it.each([
    ['title', { a: 1 }],
    ['content', ['x']],
    ['status', 5],
    ['post_date', { when: 'now' }],
    ['locale', 123],
    ['locale', 'much-too-long'],
    ['values', 'x'],
    ['completed_stages', 'x'],
    ['completed_stages', [{}]],
    ['published_to', 5],
    ['published_to', [null]],
    ['tags', 'x'],
    ['tags', [null]],
    ['tags', [1.5]],
    ['author_email', 5],
    ['author_realname', { a: 1 }],
    ['form_id', 'abc'],
    ['form_id', 1e20],
    ['form_id', -1],
    ['user_id', 99999999999],
    ['user_id', true],
    ['parent_id', 'x'],
    ['slug', 5],
  ])('refuses %s = %j with 422', async (field, value) => {
    expectRefused(await server.api.post('/posts', { ...postBody(survey.form.id), [field]: value }, { token: who.admin }), 422);
    expectRefused(await server.api.put(`/posts/${post.id}`, { [field]: value }, { token: who.admin }), 422);
  });

  it.each([[{ nested: { deep: true } }], [[{ lat: 'NaN', lon: 'Infinity' }]], [[[1, 2]]], ['x'.repeat(10000)]])(
    'refuses a value of %j with 422',
    async (value) => {
      // Title and description are columns: values under their keys are ignored, not refused.
      const { title: _title, description: _description, ...fields } = survey.keys;
      for (const key of Object.values(fields)) {
        const res = await server.api.post('/posts', postBody(survey.form.id, { values: { [key]: value } }), { token: who.admin });
        expectRefused(res, 422);
      }
    },
  );

  it('refuses odd keys and huge strings, and stores SQL-looking text as text', async () => {
    // A `__proto__` key is dropped by the body parsers on the way in: nothing is polluted, nothing stored.
    const proto = await server.api.post('/posts', postBody(survey.form.id, { values: JSON.parse('{"__proto__": ["x"]}') }), {
      token: who.admin,
    });
    expect(proto.status).toBe(200);
    expect(proto.body.values).toEqual({});
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expectRefused(
      await server.api.post('/posts', postBody(survey.form.id, { values: { ["'; drop table posts; --"]: ['x'] } }), { token: who.admin }),
      422,
    );
    expectRefused(await server.api.post('/posts', { ...postBody(survey.form.id), title: 'x'.repeat(100_000) }, { token: who.admin }), 422);
    expectRefused(
      await server.api.post('/posts', { ...postBody(survey.form.id), content: 'x'.repeat(3_000_000) }, { token: who.admin }),
      413,
    );
    expectRefused(await server.api.post('/posts', { ...postBody(survey.form.id), title: 'Nul \u0000 byte' }, { token: who.admin }), 400);
    const sqlish = await server.api.post(
      '/posts',
      postBody(survey.form.id, { title: "Robert'); DROP TABLE posts;--", content: '1 OR 1=1' }),
      { token: who.admin },
    );
    expectStatus(sqlish, 200);
    expect(sqlish.body.title).toBe("Robert'); DROP TABLE posts;--");
    const emoji = await server.api.post(
      '/posts',
      postBody(survey.form.id, { title: 'Flood 🌊 near the river', values: { [survey.keys.varchar]: ['ünïcödé ✓'] } }),
      { token: who.admin },
    );
    expectStatus(emoji, 200);
  });
});

describe('bad ids and methods', () => {
  it.each(['abc', '1.5', '-1', '0x10', '99999999999999', '2147483648', '1e3', '%27'])('answers /posts/%s with 404', async (id) => {
    expectRefused(await server.api.get(`/posts/${id}`, { token: who.admin }), 404);
    expectRefused(await server.api.put(`/posts/${id}`, { title: 'Nope' }, { token: who.admin }), 404);
    expectRefused(await server.api.del(`/posts/${id}`, { token: who.admin }), 404);
    expectRefused(await server.api.get(`/posts/${id}/geojson`, { token: who.admin }), 404);
    expectRefused(await server.api.get(`/posts/${id}/revisions`, { token: who.admin }), 404);
  });

  it('answers unknown ids with 404 before anything else', async () => {
    expectRefused(await server.api.get('/posts/99999999'), 404);
    expectRefused(await server.api.put('/posts/99999999', { title: 'x' }, { token: who.member.token }), 404);
    expectRefused(await server.api.del('/posts/99999999', { token: who.member.token }), 404);
    expectRefused(await server.api.request('OPTIONS', '/posts/99999999'), 404);
    expectRefused(await server.api.get(`/posts/${post.id}/revisions/2147483648`, { token: who.admin }), 404);
    expectRefused(await server.api.get('/posts/geojson/31/0/0'), 404);
    expectRefused(await server.api.get('/posts/geojson/2/4/0'), 404);
  });

  it('answers unrouted methods with 405 and tokens without the posts scope with 403', async () => {
    expectRefused(await server.api.request('PATCH', `/posts/${post.id}`, { token: who.admin, body: {} }), 405);
    expectRefused(await server.api.post(`/posts/${post.id}`, {}, { token: who.admin }), 405);
    expectRefused(await server.api.put('/posts', {}, { token: who.admin }), 405);
    expectRefused(await server.api.del('/posts', { token: who.admin }), 405);
    const noScope = await tokenFor(server, who.member.id, ['forms']);
    expectRefused(await server.api.get('/posts', { token: noScope }), 403);
    expectRefused(await server.api.post('/posts', postBody(survey.form.id), { token: noScope }), 403);
  });
});

describe('bad list parameters', () => {
  it.each([
    'form=abc',
    'form=1;drop',
    'tags=x',
    'tags[all]=x',
    'set=-1',
    'user=someone',
    'post_id=0',
    'parent=1.5',
    'bbox=a,b,c,d',
    'bbox=1,2,3',
    'center_point=999,999&within_km=5',
    'center_point=1,2&within_km=-1',
    'within_km=abc',
    'created_after=garbage',
    'created_before[]=2024-13-45',
    'date_after=not-a-date',
    'updated_before=%00',
    'created_before_by_id=abc',
    'created_after_by_id=99999999999',
    'has_location=maybe',
    'status=nope',
    'limit=-1',
    'limit=1e20',
    'offset=abc',
    'orderby=nope',
    'values=abc',
    `q=${'x'.repeat(300)}`,
  ])('answers %s with 422', async (query) => {
    expectRefused(await server.api.get(`/posts?${query}`, { token: who.admin }), 422);
    expectRefused(await server.api.get(`/posts/geojson?${query}`, { token: who.admin }), 422);
  });

  it.each([
    `q=${encodeURIComponent("%' OR 1=1 --")}`,
    `values[${encodeURIComponent("a'b")}]=${encodeURIComponent("x'); drop table posts; --")}`,
    'values[k][a][b]=1',
    'q[a][b]=c',
    'source=%27sms%27',
    'published_to=%27%3B',
    'locale=%27',
    'slug=%25',
    'tags[none]=1',
  ])('answers %s with 200 and nothing odd', async (query) => {
    const res = await server.api.get(`/posts?${query}`, { token: who.admin });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  // Clients that send every filter, set or not (`bbox=&center_point=`), get no filter for the empty ones.
  it.each(['bbox=', 'center_point=', 'center_point=&within_km=', 'bbox[]=&center_point[]=&within_km=&has_location='])(
    'reads empty location parameters in %s as absent',
    async (query) => {
      const plain = await server.api.get('/posts?status=all', { token: who.admin });
      for (const path of [`/posts?status=all&${query}`, `/posts/geojson?status=all&${query}`]) {
        const res = await server.api.get(path, { token: who.admin });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
      }
      const res = await server.api.get(`/posts?status=all&${query}`, { token: who.admin });
      expect(res.body.total_count).toBe(plain.body.total_count);
    },
  );
});
