import { fittedView, PostClustersSchema, UNGROUPED_MAX_POINTS, type PostClusters } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let formA: { id: number };
let formB: { id: number };
let whereA: string;
const id: Record<string, number> = {};

async function clusters(query: string, token?: string): Promise<PostClusters> {
  const res = await server.api.get(`/posts/clusters?${query}`, { token });
  expectStatus(res, 200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return PostClustersSchema.parse(res.body);
}

/** The answer to `query` once `ready` says it shows what the events brought (5 s at most). */
async function answerOnce(query: string, ready: (body: PostClusters) => boolean, token?: string): Promise<PostClusters> {
  for (let i = 0; i < 50; i++) {
    const body = await clusters(query, token);
    if (ready(body)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${query} never showed the change`);
}

/** Points in the answer: a cluster counts its points, a single point one. */
const counted = (body: PostClusters) => body.features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.count : 1), 0);

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  formA = await newForm(server, who.admin, { require_approval: false, color: '#aa0000' });
  formB = await newForm(server, who.admin, { require_approval: false, color: '#00bb00', hide_location: true });
  const stageA = await newStage(server, who.admin, formA.id);
  const stageB = await newStage(server, who.admin, formB.id);
  whereA = (await newAttribute(server, who.admin, formA.id, stageA.id, { type: 'point', input: 'location', label: 'Where' })).key;
  const whereB = (await newAttribute(server, who.admin, formB.id, stageB.id, { type: 'point', input: 'location', label: 'Where' })).key;
  const at = (lat: number, lon: number) => ({ [whereA]: [{ lat, lon }] });
  for (let i = 0; i < 8; i++)
    id[`nairobi${i}`] = (
      await createPost(server, who.admin, postBody(formA.id, { status: 'published', values: at(-1.29 + i * 0.001, 36.82 + i * 0.001) }))
    ).id;
  id.london1 = (await createPost(server, who.admin, postBody(formA.id, { status: 'published', values: at(51.5, -0.12) }))).id;
  id.london2 = (await createPost(server, who.admin, postBody(formA.id, { status: 'published', values: at(51.52, -0.1) }))).id;
  id.hidden = (
    await createPost(
      server,
      who.admin,
      postBody(formB.id, { status: 'published', values: { [whereB]: [{ lat: 10.123456, lon: 20.654321 }] } }),
    )
  ).id;
  id.unmapped = (await createPost(server, who.admin, postBody(formA.id, { status: 'published' }))).id;
  id.draft = (await createPost(server, who.member.token, postBody(formA.id, { status: 'draft', values: at(-1.3, 36.8) }))).id;
  id.ranger = (
    await createPost(
      server,
      who.admin,
      postBody(formA.id, { status: 'published', published_to: [who.rangerRole], values: at(-1.31, 36.81) }),
    )
  ).id;
});
afterAll(async () => server?.close());

describe('GET /posts/clusters', () => {
  it('clusters the whole world so that counts add up to the filtered total', async () => {
    const world = await clusters('zoom=0');
    expect(world.total).toBe(11);
    expect(counted(world)).toBe(11);
    const country = await clusters('zoom=5&bbox=30,-5,42,5');
    const nairobi = country.features.find((f) => f.properties.cluster && f.properties.count === 8);
    expect(nairobi, JSON.stringify(country.features)).toBeDefined();
    expect(nairobi!.properties.cluster && nairobi!.properties.expansion_zoom).toBeGreaterThan(0);
    const [lon, lat] = nairobi!.geometry.coordinates;
    expect(lon).toBeCloseTo(36.8235, 2);
    expect(lat).toBeCloseTo(-1.2865, 2);
    // Any zoom over a world viewport gives the same sum.
    for (const zoom of [3, 8, 14, 20]) expect(counted(await clusters(`zoom=${zoom}&bbox=-180,-90,180,90`))).toBe(11);
  });

  it('gives single points with post id, survey and colour in a city viewport, and only what is inside it', async () => {
    const london = await clusters('zoom=16&bbox=-0.2,51.45,0,51.55');
    expect(london.total).toBe(11);
    expect(london.features).toHaveLength(2);
    expect(london.features.map((f) => f.properties).sort((a, b) => ('id' in a && 'id' in b ? a.id - b.id : 0))).toEqual([
      { cluster: false, id: id.london1, form_id: formA.id, color: '#aa0000' },
      { cluster: false, id: id.london2, form_id: formA.id, color: '#aa0000' },
    ]);
    expect(london.features.find((f) => f.properties.cluster === false && f.properties.id === id.london1)!.geometry.coordinates).toEqual([
      -0.12, 51.5,
    ]);
    const empty = await clusters('zoom=10&bbox=100,10,110,20');
    expect(empty.features).toEqual([]);
  });

  it('gives the box around every matching post, whatever the viewport, for a map to fit itself to', async () => {
    // Nairobi's eight, London's two and survey B's point, rounded for a visitor (its survey hides locations).
    const all = [-0.12, -1.29, 36.827, 51.52];
    expect((await clusters('zoom=2')).bbox).toEqual(all);
    expect((await clusters('zoom=16&bbox=-0.2,51.45,0,51.55')).bbox).toEqual(all);
    expect((await clusters(`zoom=2&form[]=${formB.id}`)).bbox).toEqual([20.65, 10.12, 20.65, 10.12]);
    expect((await clusters(`zoom=2&form[]=${formB.id}`, who.admin)).bbox).toEqual([20.654321, 10.123456, 20.654321, 10.123456]);
    // The draft at -1.3, 36.8 counts for those who may see it.
    expect((await clusters(`zoom=2&status[]=draft&form[]=${formA.id}`, who.admin)).bbox).toEqual([36.8, -1.3, 36.8, -1.3]);
    // Nothing matches: no box.
    const none = await clusters(`zoom=2&q=${encodeURIComponent('no such post anywhere')}`);
    expect(none.total).toBe(0);
    expect(none.bbox).toBeUndefined();
  });

  it("answers a fitted map's first question with the view it opens at, in one request", async () => {
    const all: [number, number, number, number] = [-0.12, -1.29, 36.827, 51.52];
    for (const [width, height, zoom] of [
      [980, 526, 2],
      [390, 600, 0],
      [1280, 800, 1],
    ] as const) {
      const fitted = await clusters(`zoom=${zoom}&fit=${width},${height}`);
      // The view fittedView works out for that map, asked as a viewport: the same clusters.
      const { camera, viewport } = fittedView(all, { width, height }, zoom);
      expect(camera.zoom).toBeGreaterThanOrEqual(zoom);
      const asViewport = await clusters(`zoom=${Math.floor(camera.zoom)}&bbox=${viewport.join(',')}`);
      expect(fitted).toEqual(asViewport);
      // Still every matching post's box and the world's total, as the map fits itself to that box.
      expect(fitted.bbox).toEqual(all);
      expect(fitted.total).toBe(11);
      expect(counted(fitted)).toBe(11);
    }
    // Never below the zoom asked for: at 7 the map shows the middle of the box, here empty land.
    const atSeven = fittedView(all, { width: 1280, height: 800 }, 7);
    expect(atSeven.camera.zoom).toBe(7);
    expect(await clusters('zoom=7&fit=1280,800')).toEqual(await clusters(`zoom=7&bbox=${atSeven.viewport.join(',')}`));
    // A world of two places: London's pair and Nairobi's eight are apart, not one cluster.
    expect((await clusters('zoom=2&fit=980,526')).features.length).toBeGreaterThan(1);
    // One place: the highest zoom a fitted map takes (15), where it is a point of its own.
    const one = await clusters(`zoom=2&fit=800,600&form[]=${formB.id}`);
    expect(one.features.map((f) => f.properties)).toEqual([{ cluster: false, id: id.hidden, form_id: formB.id, color: '#00bb00' }]);
    expect(fittedView(one.bbox!, { width: 800, height: 600 }, 2).camera.zoom).toBe(15);
    // Nothing matches: the world's (empty) answer, without a box.
    const none = await clusters(`zoom=2&fit=800,600&q=${encodeURIComponent('no such post anywhere')}`);
    expect(none).toEqual({ type: 'FeatureCollection', total: 0, features: [] });
  });

  it('applies the list filters and the caller’s visibility', async () => {
    expect((await clusters(`zoom=2&form[]=${formB.id}`)).total).toBe(1);
    expect((await clusters(`zoom=2&q=${encodeURIComponent('no such post anywhere')}`)).total).toBe(0);
    expect((await clusters(`zoom=2&status=all`)).total).toBe(11);
    expect((await clusters(`zoom=2&status=all`, who.admin)).total).toBe(13);
    expect((await clusters(`zoom=2&status[]=published&status[]=draft`, who.member.token)).total).toBe(12);
    expect((await clusters(`zoom=2`, who.ranger.token)).total).toBe(12);
    expect((await clusters(`zoom=2&has_location=unmapped`)).total).toBe(0);
    // Survey, status, source and dates are applied to the points in memory; the same answers as SQL.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await clusters(`zoom=2&created_after=${future}`)).total).toBe(0);
    expect((await clusters(`zoom=2&created_after=${past}&date_before=${future}`)).total).toBe(11);
    expect((await clusters(`zoom=2&status=draft`, who.admin)).total).toBe(1);
    expect((await clusters(`zoom=2&status[]=draft&status[]=archived`, who.member.token)).total).toBe(1);
    expect((await clusters(`zoom=2&source[]=sms`)).total).toBe(0);
    expect((await clusters(`zoom=2&source[]=web&form[]=${formA.id}`)).total).toBe(10);
    // An unknown source takes the SQL path: same total.
    expect((await clusters(`zoom=2&source[]=web&source[]=telegram&form[]=${formA.id}`)).total).toBe(10);
    expect((await clusters(`zoom=2&form[]=none`)).total).toBe(0);
    // A survey that hides locations shows the rounded point to others, the exact one to managers.
    const rounded = await clusters(`zoom=20&form[]=${formB.id}`);
    expect(rounded.features.map((f) => f.geometry.coordinates)).toEqual([[20.65, 10.12]]);
    const exact = await clusters(`zoom=20&form[]=${formB.id}`, who.admin);
    expect(exact.features.map((f) => f.geometry.coordinates)).toEqual([[20.654321, 10.123456]]);
  });

  it('is cached, and takes in the posts created or deleted as their events arrive', async () => {
    const waitForTotal = (total: number) => answerOnce('zoom=1', (body) => body.total === total);
    expect((await clusters('zoom=1')).total).toBe(11);
    // A change made behind the API's back is not seen: the answer comes from the cache.
    await server.ctx.db.deleteFrom('post_points').where('post_id', '=', id.london1!).execute();
    expect((await clusters('zoom=1')).total).toBe(11);
    const added = await createPost(
      server,
      who.admin,
      postBody(formA.id, { status: 'published', values: { [whereA]: [{ lat: 5, lon: 5 }] } }),
    );
    // The post event brings in that post's points: it is counted; the point removed behind the
    // API's back is still there (no event told of it) until the points are loaded again whole.
    const near = await answerOnce('zoom=16&bbox=4.9,4.9,5.1,5.1', (body) => body.features.length > 0);
    expect(near.features.map((f) => f.properties)).toEqual([{ cluster: false, id: added.id, form_id: formA.id, color: '#aa0000' }]);
    expect((await clusters('zoom=1')).total).toBe(12);
    // Moved: only its new place is on the map.
    const moved = await server.api.put(
      `/posts/${added.id}`,
      postBody(formA.id, { status: 'published', values: { [whereA]: [{ lat: -20, lon: 30 }] } }),
      { token: who.admin },
    );
    expectStatus(moved, 200);
    const there = await answerOnce('zoom=16&bbox=29.9,-20.1,30.1,-19.9', (body) => body.features.length > 0);
    expect(there.features.map((f) => f.properties)).toMatchObject([{ cluster: false, id: added.id }]);
    expect((await clusters('zoom=16&bbox=4.9,4.9,5.1,5.1')).features).toEqual([]);
    expect((await clusters('zoom=1')).total).toBe(12);
    // Unpublished: gone for anonymous callers, still there for managers.
    const unpublished = await server.api.put(
      `/posts/${added.id}`,
      postBody(formA.id, { status: 'draft', values: { [whereA]: [{ lat: -20, lon: 30 }] } }),
      { token: who.admin },
    );
    expectStatus(unpublished, 200);
    await waitForTotal(11);
    const managers = await clusters('zoom=16&bbox=29.9,-20.1,30.1,-19.9&status=all', who.admin);
    expect(managers.features.map((f) => f.properties)).toMatchObject([{ cluster: false, id: added.id }]);
    expectStatus(await server.api.del(`/posts/${added.id}`, { token: who.admin }), 200);
    await waitForTotal(11);
    expect((await clusters('zoom=16&bbox=29.9,-20.1,30.1,-19.9&status=all', who.admin)).features).toEqual([]);
    // Loaded again whole, the points show the removal made behind the API's back too.
    server.services.posts.clusters.invalidate();
    await waitForTotal(10);
  });

  it('follows the map settings: posts one by one with grouping off, grouped within the configured radius', async () => {
    const setMap = async (body: Record<string, unknown>) =>
      expectStatus(await server.api.put('/config/map', body, { token: who.admin }), 200);
    const nairobiIds = Array.from({ length: 8 }, (_, i) => id[`nairobi${i}`]);
    const pointIds = (body: PostClusters) =>
      body.features.flatMap((f) => (f.properties.cluster ? [] : [f.properties.id])).sort((a, b) => a - b);
    const hasClusters = (body: PostClusters) => body.features.some((f) => f.properties.cluster);
    // Nairobi's eight posts, about 150 m apart, at a city zoom.
    const city = 'zoom=12&bbox=36.7,-1.4,36.9,-1.2';
    expect(hasClusters(await clusters(city))).toBe(true);
    try {
      // A radius of one pixel keeps them apart at that zoom; the country zoom still groups them.
      await setMap({ clustering: true, cluster_radius: 1 });
      expect(pointIds(await answerOnce(city, (body) => !hasClusters(body)))).toEqual(nairobiIds);
      expect(hasClusters(await clusters('zoom=5&bbox=30,-5,42,5'))).toBe(true);

      // Grouping off: every post of the viewport is its own point, at any zoom, the world too.
      await setMap({ clustering: false, cluster_radius: 50 });
      const country = await answerOnce('zoom=5&bbox=30,-5,42,5', (body) => !hasClusters(body));
      expect(pointIds(country)).toEqual(nairobiIds);
      const world = await clusters('zoom=0');
      expect(hasClusters(world)).toBe(false);
      expect(world.features).toHaveLength(world.total);

      // Past the limit in one viewport, posts are grouped all the same (a million pins would not draw).
      const many = UNGROUPED_MAX_POINTS + 1;
      await sql`
        with made as (
          insert into posts (form_id, title, status)
          select ${formA.id}, 'Crowd ' || n, 'published' from generate_series(1, ${many}) as n
          returning id
        )
        insert into post_points (post_id, form_attribute_id, attribute_key, lat, lon, geom)
        select id, (select id from form_attributes where key = ${whereA}), ${whereA}, -30 + (id % 50) * 0.01, 140 + (id / 50 % 50) * 0.01,
               st_setsrid(st_makepoint(140 + (id / 50 % 50) * 0.01, -30 + (id % 50) * 0.01), 4326)
        from made`.execute(server.ctx.db);
      server.services.posts.clusters.invalidate();
      const crowd = await answerOnce('zoom=6&bbox=135,-35,145,-25', (body) => body.total >= many);
      expect(hasClusters(crowd)).toBe(true);
      expect(counted(crowd)).toBe(many);
      // Zoomed in on a corner of the crowd, the posts come one by one again.
      const corner = await clusters('zoom=14&bbox=139.995,-30.005,140.045,-29.955');
      expect(hasClusters(corner)).toBe(false);
      expect(corner.features.length).toBeGreaterThan(1);
      expect(corner.features.length).toBeLessThanOrEqual(UNGROUPED_MAX_POINTS);
    } finally {
      await setMap({ clustering: true, cluster_radius: 50 });
    }
  });

  it('refuses a bad zoom or viewport with the 422 envelope', async () => {
    expectField(await server.api.get('/posts/clusters'), '/zoom', 'zoom is required');
    expectField(await server.api.get('/posts/clusters?zoom=21'), '/zoom', 'zoom must be a number from 0 to 20');
    expectField(await server.api.get('/posts/clusters?zoom=abc'), '/zoom', 'zoom must be a number from 0 to 20');
    const message = 'bbox must be west,south,east,north in degrees';
    expectField(await server.api.get('/posts/clusters?zoom=3&bbox=1,2,3'), '/bbox', message);
    expectField(await server.api.get('/posts/clusters?zoom=3&bbox=0,50,10,40'), '/bbox', message);
    expectField(await server.api.get('/posts/clusters?zoom=3&bbox=0,-95,10,40'), '/bbox', message);
    const fit = "fit must be the map's width,height in pixels, each from 1 to 10000";
    for (const bad of ['800', '800,0', '800,600,2', '-800,600', '10001,600', '800.5,600', 'a,b'])
      expectField(await server.api.get(`/posts/clusters?zoom=3&fit=${bad}`), '/fit', fit);
    expectField(await server.api.get('/posts/clusters?zoom=3&fit=800,600&bbox=0,0,10,10'), '/fit', 'fit and bbox cannot be asked together');
    expect((await server.api.get('/posts/clusters?zoom=3&status=deleted')).status).toBe(422);
    expectStatus(await server.api.post('/posts/clusters', {}, { token: who.admin }), 405);
  });
});
