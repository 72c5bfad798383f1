import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, insertPost, makePostCallers, type PostCallers } from './helpers/posts';
import { eventsSettled, startTestServer, type TestServer } from './helpers/server';
import { resetConfig, setConfig } from './helpers/settings';
import { expectStatus, newAttribute, newForm, newStage, newTag } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
const id: Record<string, number> = {};
let kind: string;
let pointA: string;
let t1: number;
let t2: number;
let set1: number;
let set2: number;

const NAIROBI = { lat: -1.2921, lon: 36.8219 };
const MOMBASA = { lat: -4.0435, lon: 39.6682 };
const LONDON = { lat: 51.5074, lon: -0.1278 };

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  const a = await newForm(server, who.admin, { require_approval: false });
  const b = await newForm(server, who.admin, { require_approval: false });
  const stageA = await newStage(server, who.admin, a.id);
  const stageB = await newStage(server, who.admin, b.id);
  t1 = (await newTag(server, who.admin)).id;
  t2 = (await newTag(server, who.admin)).id;
  pointA = (await newAttribute(server, who.admin, a.id, stageA.id, { type: 'point', input: 'location', label: 'Where' })).key;
  kind = (await newAttribute(server, who.admin, a.id, stageA.id, { input: 'select', label: 'Kind', options: ['flood', 'fire', 'quake'] }))
    .key;
  const tagsA = (await newAttribute(server, who.admin, a.id, stageA.id, { type: 'tags', input: 'tags', label: 'Cats', options: [t1, t2] }))
    .key;
  const pointB = (await newAttribute(server, who.admin, b.id, stageB.id, { type: 'point', input: 'location', label: 'Where' })).key;

  const make = async (name: string, body: Record<string, unknown>) => {
    id[name] = (await createPost(server, who.admin, { content: 'plain', ...body })).id;
  };
  await make('p1', {
    form: a.id,
    title: 'Flood in Nairobi',
    content: 'water everywhere',
    user_id: who.member.id,
    post_date: '2020-01-10',
    values: { [pointA]: [NAIROBI], [kind]: ['flood'], [tagsA]: [t1] },
  });
  await make('p2', {
    form: a.id,
    title: 'Fire at the port',
    status: 'draft',
    user_id: who.member.id,
    post_date: '2020-02-10',
    values: { [pointA]: [MOMBASA], [kind]: ['fire'], [tagsA]: [t2] },
  });
  await make('p3', {
    form: a.id,
    title: 'Old flood',
    status: 'archived',
    user_id: who.other.id,
    post_date: '2020-03-10',
    values: { [kind]: ['flood'], [tagsA]: [t1, t2] },
  });
  await make('p4', {
    form: b.id,
    title: 'Quake felt in London',
    user_id: who.other.id,
    post_date: '2020-04-10',
    published_to: [who.rangerRole],
    values: { [pointB]: [LONDON] },
  });
  await make('p5', { title: 'SMS report', status: 'published', author_realname: 'Texter', post_date: '2020-05-10' });
  await make('p6', {
    form: b.id,
    title: 'Email report',
    user_id: who.member.id,
    post_date: '2020-06-10',
    locale: 'fr_fr',
    slug: 'email-report-x',
    parent_id: id.p1,
  });
  await make('p7', { form: a.id, title: 'Tweet about a quake', post_date: '2020-07-10', values: { [kind]: ['quake'] } });

  const db = server.ctx.db;
  for (const [i, name] of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'].entries())
    await db
      .updateTable('posts')
      .set({ created: `2021-0${i + 1}-01T00:00:00Z` as never, updated: null })
      .where('id', '=', id[name]!)
      .execute();
  await db
    .updateTable('posts')
    .set({ updated: new Date('2022-01-01T00:00:00Z') })
    .where('id', '=', id.p2!)
    .execute();
  await db
    .updateTable('posts')
    .set({ updated: new Date('2022-02-01T00:00:00Z') })
    .where('id', '=', id.p4!)
    .execute();
  await db.updateTable('posts').set({ source: 'sms' }).where('id', '=', id.p5!).execute();
  await db.updateTable('posts').set({ source: 'email' }).where('id', '=', id.p6!).execute();
  await db.updateTable('posts').set({ source: 'twitter' }).where('id', '=', id.p7!).execute();
  set1 = (await db.insertInto('sets').values({ name: 'First', user_id: null }).returning('id').executeTakeFirstOrThrow()).id;
  set2 = (await db.insertInto('sets').values({ name: 'Second', user_id: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('posts_sets')
    .values([
      { set_id: set1, post_id: id.p1! },
      { set_id: set1, post_id: id.p4! },
      { set_id: set2, post_id: id.p5! },
    ])
    .execute();
});
afterAll(async () => server?.close());

const names = (ids: number[]) => ids.map((n) => Object.keys(id).find((k) => id[k] === n) ?? `#${n}`).sort();

/** The names of the posts a query finds (admin by default, null for anonymous; `status=all` unless the query says otherwise). */
async function found(query: string, token: string | null = who.admin, withStatus = true): Promise<string[]> {
  const q = withStatus && !/(^|&)status/.test(query) ? `${query}&status=all` : query;
  const res = await server.api.get(`/posts?limit=100&${q}`, { token });
  expectStatus(res, 200);
  expect(res.body.count).toBe(res.body.results.length);
  return names(res.body.results.map((p: { id: number }) => p.id));
}

/** The same list parameter as `a=1,2` and as `a[]=1&a[]=2` finds the same posts. */
async function both(param: string, values: Array<string | number>, token: string | null = who.admin): Promise<string[]> {
  const comma = await found(`${param}=${values.join(',')}`, token);
  const brackets = await found(values.map((v) => `${param}[]=${encodeURIComponent(String(v))}`).join('&'), token);
  expect(brackets).toEqual(comma);
  return comma;
}

describe('GET /posts filters (API-CONTRACT 8.4)', () => {
  it('shows published posts by default, `all` lifts it, statuses in both encodings', async () => {
    expect(await found('', who.admin, false)).toEqual(['p1', 'p4', 'p5', 'p6', 'p7']);
    expect(await both('status', ['draft', 'archived'])).toEqual(['p2', 'p3']);
    expect(await found('status=all')).toHaveLength(7);
  });

  it('lets each caller find only what they may read', async () => {
    expect(await found('status=all', null)).toEqual(['p1', 'p5', 'p6', 'p7']);
    expect(await found('status=all', who.client)).toEqual(['p1', 'p5', 'p6', 'p7']);
    expect(await found('status=draft', null)).toEqual(['p1', 'p5', 'p6', 'p7']);
    expect(await found('status=all', who.member.token)).toEqual(['p1', 'p2', 'p5', 'p6', 'p7']);
    expect(await found('status=all', who.other.token)).toEqual(['p1', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(await found('status=all', who.ranger.token)).toEqual(['p1', 'p4', 'p5', 'p6', 'p7']);
    expect(await found('status=draft,archived', who.member.token)).toEqual(['p2']);
  });

  it('filters by survey (with none), text, categories, collections and users', async () => {
    const [a, b] = [
      (await server.api.get(`/posts/${id.p1}`, { token: who.admin })).body.form.id,
      (await server.api.get(`/posts/${id.p4}`, { token: who.admin })).body.form.id,
    ];
    expect(await both('form', [a, 'none'])).toEqual(['p1', 'p2', 'p3', 'p5', 'p7']);
    expect(await both('form', [b])).toEqual(['p4', 'p6']);
    expect(await found('q=FLOOD')).toEqual(['p1', 'p3']);
    expect(await found('q=everywhere')).toEqual(['p1']);
    expect(await found(`q=${id.p6}`)).toEqual(['p6']);
    expect(await found(`q=${encodeURIComponent("%'; drop table posts; --")}`)).toEqual([]);
    expect(await found('q=_')).toEqual([]);
    expect(await both('tags', [t1])).toEqual(['p1', 'p3']);
    expect(await both('tags', [t1, t2])).toEqual(['p1', 'p2', 'p3']);
    expect(await found(`tags[any]=${t1},${t2}`)).toEqual(['p1', 'p2', 'p3']);
    expect(await found(`tags[all]=${t1},${t2}`)).toEqual(['p3']);
    expect(await found(`tags[all][]=${t1}&tags[all][]=${t2}`)).toEqual(['p3']);
    expect(await both('set', [set1])).toEqual(['p1', 'p4']);
    expect(await both('set', [set1, set2])).toEqual(['p1', 'p4', 'p5']);
    expect(await found('user=me&status=all', who.member.token)).toEqual(['p1', 'p2', 'p6']);
    expect(await found('user=me&status=all', who.client)).toEqual([]);
    expect(await both('user', [who.other.id])).toEqual(['p3', 'p4']);
    expect(await both('user', ['none'])).toEqual(['p5']);
    expect(await both('user', ['none', who.other.id])).toEqual(['p3', 'p4', 'p5']);
  });

  it('filters by source, with web meaning posts made through the API too', async () => {
    expect(await both('source', ['sms'])).toEqual(['p5']);
    expect(await both('source', ['web'])).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(await both('source', ['email', 'twitter'])).toEqual(['p6', 'p7']);
    expect(await both('source', ['sms', 'twitter', 'web', 'email'])).toHaveLength(7);
  });

  it('filters by creation, update and post dates, and relative to another post', async () => {
    expect(await found('created_after=2021-03-01')).toEqual(['p3', 'p4', 'p5', 'p6', 'p7']);
    expect(await found('created_before=2021-02-01T00:00:00Z')).toEqual(['p1', 'p2']);
    expect(await found(`created_after=${Date.UTC(2021, 5, 1) / 1000}`)).toEqual(['p6', 'p7']);
    expect(await found('created_after=2021/04/15&created_before=2021-06-15 00:00:00')).toEqual(['p5', 'p6']);
    expect(await found('updated_after=2022-01-15')).toEqual(['p4']);
    expect(await found('updated_before=2022-01-15')).toEqual(['p2']);
    expect(await found('date_after=2020-03-10')).toEqual(['p4', 'p5', 'p6', 'p7']);
    expect(await found('date_before=2020-02-10')).toEqual(['p1', 'p2']);
    expect(await found(`created_after_by_id=${id.p3}`)).toEqual(['p4', 'p5', 'p6', 'p7']);
    expect(await found(`created_before_by_id=${id.p3}`)).toEqual(['p1', 'p2', 'p3']);
    expect(await found('created_after=yesterday')).toEqual([]);
  });

  it('filters by location: box, true distance, mapped or not', async () => {
    expect(await found('bbox=33,5,42,-5')).toEqual(['p1', 'p2']);
    expect(await found('bbox=42,-5,33,5')).toEqual(['p1', 'p2']);
    expect(await found('bbox[]=33&bbox[]=5&bbox[]=42&bbox[]=-5')).toEqual(['p1', 'p2']);
    expect(await found('center_point=-1.2921,36.8219&within_km=10')).toEqual(['p1']);
    expect(await found('center_point=-1.2921,36.8219&within_km=500')).toEqual(['p1', 'p2']);
    // Mombasa is inside the 330 km square around Nairobi but 440 km away: a circle, not a square.
    expect(await found('center_point=-1.2921,36.8219&within_km=330')).toEqual(['p1']);
    expect(await found('center_point=-1.2921,36.8219')).toHaveLength(7);
    expect(await found('has_location=mapped')).toEqual(['p1', 'p2', 'p4']);
    expect(await found('has_location=unmapped')).toEqual(['p3', 'p5', 'p6', 'p7']);
    expect(await found('has_location=all')).toHaveLength(7);
  });

  it('filters by audience, ids, values and exact columns', async () => {
    expect(await both('published_to', [who.rangerRole])).toEqual(['p4']);
    expect(await both('post_id', [id.p1!, id.p2!])).toEqual(['p1', 'p2']);
    expect(await found(`values[${kind}]=flood`)).toEqual(['p1', 'p3']);
    expect(await found(`values[${kind}]=flood,fire`)).toEqual(['p1', 'p2', 'p3']);
    expect(await found(`values[${kind}][]=flood&values[${kind}][]=quake`)).toEqual(['p1', 'p3', 'p7']);
    expect(await found('type=report')).toHaveLength(7);
    expect(await found('type=revision')).toEqual([]);
    expect(await found('locale=fr_fr')).toEqual(['p6']);
    expect(await found('slug=email-report-x')).toEqual(['p6']);
    expect(await both('parent', [id.p1!])).toEqual(['p6']);
  });

  it('restricts returned values with include_attributes and include_types', async () => {
    const byKey = await server.api.get(`/posts?post_id=${id.p1}&include_attributes=${kind}`, { token: who.admin });
    expect(Object.keys(byKey.body.results[0].values)).toEqual([kind]);
    const byType = await server.api.get(`/posts?post_id=${id.p1}&include_types[]=point`, { token: who.admin });
    expect(byType.body.results[0].values).toEqual({ [pointA]: [NAIROBI] });
  });

  it('ignores noise the client sends and unknown parameters', async () => {
    expect(await found('order_unlocked_on_top=true&current_stage[]=1&ignore403=1&whatever[x]=y')).toHaveLength(7);
  });
});

describe('GET /posts paging and ordering (API-CONTRACT 8.4, 14.1)', () => {
  it('orders by post_date desc by default and by any valid column', async () => {
    const res = await server.api.get('/posts?status=all', { token: who.admin });
    expect(res.body).toMatchObject({ orderby: 'post_date', order: 'desc', offset: 0, limit: 100, count: 7, total_count: 7 });
    expect(names(res.body.results.map((p: { id: number }) => p.id))).toHaveLength(7);
    expect(res.body.results.map((p: { id: number }) => p.id)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1'].map((n) => id[n]));
    const byTitle = await server.api.get('/posts?status=all&orderby=title&order=asc', { token: who.admin });
    const titles = byTitle.body.results.map((p: { title: string }) => p.title);
    expect(titles).toEqual([...titles].sort((x: string, y: string) => (x < y ? -1 : 1)));
    const byCreated = await server.api.get('/posts?status=all&orderby=created&order=ASC', { token: who.admin });
    expect(byCreated.body.results[0].id).toBe(id.p1);
    const byUpdated = await server.api.get('/posts?status=all&orderby=updated&order=desc', { token: who.admin });
    expect(byUpdated.body.results.slice(0, 2).map((p: { id: number }) => p.id)).toEqual([id.p4, id.p2]);
    expectStatus(await server.api.get('/posts?orderby=password_hash', { token: who.admin }), 422);
    expectStatus(await server.api.get('/posts?orderby=id;drop table posts', { token: who.admin }), 422);
  });

  it('pages with count on the page and total_count over the filter', async () => {
    const res = await server.api.get('/posts?status=all&limit=2&offset=1&orderby=id&order=asc', { token: who.admin });
    expect(res.body).toMatchObject({ count: 2, limit: 2, offset: 1, total_count: 7 });
    expect(res.body.results.map((p: { id: number }) => p.id)).toEqual([id.p2, id.p3]);
    expect(res.body.next).toContain('offset=3');
    expect(res.body.prev).toContain('offset=0');
  });

  it('caps pages at 20 without Manage Posts and 100 with it', async () => {
    expect((await server.api.get('/posts?limit=500', { token: who.member.token })).body.limit).toBe(20);
    expect((await server.api.get('/posts', { token: who.member.token })).body.limit).toBe(20);
    expect((await server.api.get('/posts')).body.limit).toBe(20);
    expect((await server.api.get('/posts?limit=500', { token: who.manager.token })).body.limit).toBe(100);
    expect((await server.api.get('/posts?limit=5', { token: who.manager.token })).body.limit).toBe(5);
  });

  it('shows only the first 25 posts on the demo tier', async () => {
    for (let i = 0; i < 25; i++) await insertPost(server, { status: 'published' });
    await setConfig(server, 'site', 'tier', 'demo_1');
    try {
      const res = await server.api.get('/posts?status=all&orderby=id&order=asc&limit=100', { token: who.admin });
      expect(res.body.total_count).toBe(25);
      const first = await server.ctx.db.selectFrom('posts').select('id').orderBy('id').limit(25).execute();
      expect(res.body.results.map((p: { id: number }) => p.id)).toEqual(first.map((r) => r.id));
      const geo = await server.api.get('/posts/geojson?status=all', { token: who.admin });
      expect(geo.body.total).toBe(25);
    } finally {
      await resetConfig(server, 'site', 'tier');
    }
    expect((await server.api.get('/posts?status=all', { token: who.admin })).body.total_count).toBe(32);
  });

  it('keeps a filtered count until a post changes, then counts again', async () => {
    const word = `Counted${Date.now()}`;
    for (let i = 0; i < 2; i++) await createPost(server, who.admin, { title: `${word} ${i}`, content: 'plain' });
    const count = async () => {
      const res = await server.api.get(`/posts?q=${word}&status=all&limit=1`, { token: who.admin });
      expectStatus(res, 200);
      return { total: res.body.total_count as number, kind: res.headers.get('x-total-count-kind') };
    };
    await eventsSettled(server);
    expect(await count()).toEqual({ total: 2, kind: 'exact' });
    // A row written without an event is not seen: the count came from the cache.
    await insertPost(server, { title: `${word} raw`, status: 'published' });
    expect((await count()).total).toBe(2);
    // A post created through the API appends an event, which drops the cached count.
    await createPost(server, who.admin, { title: `${word} 3`, content: 'plain' });
    await expect.poll(async () => (await count()).total, { timeout: 10_000 }).toBe(4);
  });
});
