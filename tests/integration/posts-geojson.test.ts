import { PostGeoJsonCollectionSchema, PostGeoJsonSchema } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let form: { id: number };
let home: string;
let work: string;
const post: Record<string, { id: number }> = {};

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  form = await newForm(server, who.admin, { require_approval: false, color: '#112233' });
  const stage = await newStage(server, who.admin, form.id);
  home = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'point', input: 'location', label: 'Home', cardinality: 0 }))
    .key;
  work = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'point', input: 'location', label: 'Work' })).key;
  post.two = await createPost(
    server,
    who.member.token,
    postBody(form.id, {
      title: 'Two places',
      content: 'desc',
      values: {
        [home]: [
          { lat: 10, lon: 20 },
          { lat: 11, lon: 21 },
        ],
        [work]: [{ lat: -5, lon: -50 }],
      },
    }),
  );
  post.unmapped = await createPost(server, who.member.token, postBody(form.id, { title: 'Nowhere' }));
  post.east = await createPost(server, who.member.token, postBody(form.id, { title: 'East', values: { [home]: [{ lat: 40, lon: 100 }] } }));
});
afterAll(async () => server?.close());

describe('GET /posts/{id}/geojson (API-CONTRACT 9)', () => {
  it('gives one feature per location value, [lon, lat]', async () => {
    const res = await server.api.get(`/posts/${post.two!.id}/geojson`);
    expectStatus(res, 200);
    expect(PostGeoJsonSchema.parse(res.body)).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [20, 10] },
          properties: { title: 'Two places', description: 'desc', 'marker-color': '#112233', id: post.two!.id, attribute_key: home },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [21, 11] },
          properties: { title: 'Two places', description: 'desc', 'marker-color': '#112233', id: post.two!.id, attribute_key: home },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-50, -5] },
          properties: { title: 'Two places', description: 'desc', 'marker-color': '#112233', id: post.two!.id, attribute_key: work },
        },
      ],
    });
    expect(res.body).not.toHaveProperty('total');
    const none = await server.api.get(`/posts/${post.unmapped!.id}/geojson`);
    expect(none.body).toEqual({ type: 'FeatureCollection', features: [] });
    expectStatus(await server.api.get('/posts/999999/geojson'), 404);
    expectStatus(await server.api.get('/posts/abc/geojson'), 404);
  });
});

describe('GET /posts/geojson (API-CONTRACT 9)', () => {
  it('gives one feature per mapped post with a GeometryCollection, and the total for paging', async () => {
    const res = await server.api.get('/posts/geojson?orderby=id&order=asc');
    expectStatus(res, 200);
    const body = PostGeoJsonCollectionSchema.parse(res.body);
    expect(body.total).toBe(3);
    expect(body).not.toHaveProperty('bbox');
    expect(body.features).toEqual([
      {
        type: 'Feature',
        geometry: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Point', coordinates: [20, 10] },
            { type: 'Point', coordinates: [21, 11] },
            { type: 'Point', coordinates: [-50, -5] },
          ],
        },
        properties: {
          title: 'Two places',
          description: 'desc',
          'marker-color': '#112233',
          id: post.two!.id,
          url: `${server.url}/api/v3/posts/${post.two!.id}`,
          source: 'web',
          data_source_message_id: null,
        },
      },
      expect.objectContaining({ properties: expect.objectContaining({ id: post.east!.id }) }),
    ]);
    const mapped = await server.api.get('/posts/geojson?has_location=mapped&limit=1&offset=1&orderby=id&order=asc');
    expect(mapped.body.total).toBe(2);
    expect(mapped.body.features.map((f: { properties: { id: number } }) => f.properties.id)).toEqual([post.east!.id]);
  });

  it('echoes a bbox filter and converts tiles', async () => {
    const box = await server.api.get('/posts/geojson?bbox=90,50,110,30');
    expect(box.body).toMatchObject({ bbox: [90, 50, 110, 30], total: 1 });
    expect(box.body.features[0].properties.id).toBe(post.east!.id);
    const world = await server.api.get('/posts/geojson/0/0/0');
    expect(world.body).toMatchObject({ bbox: [-180, 85.0511, 180, -85.0511], total: 2 });
    const tile = await server.api.get('/posts/geojson/1/0/0');
    expectStatus(tile, 200);
    expect(tile.body.bbox).toEqual([-180, 85.0511, 0, 0]);
    expect(tile.body.total).toBe(0);
    const northEast = await server.api.get('/posts/geojson/1/1/0');
    expect(northEast.body.bbox).toEqual([0, 85.0511, 180, 0]);
    expect(northEast.body.features.map((f: { properties: { id: number } }) => f.properties.id).sort()).toEqual(
      [post.two!.id, post.east!.id].sort(),
    );
    expectStatus(await server.api.get('/posts/geojson/1/2/0'), 404);
    expectStatus(await server.api.get('/posts/geojson/1/x/0'), 404);
    expectStatus(await server.api.get('/posts/geojson?bbox=1,2'), 422);
  });

  it('applies the list filters and visibility, without the page cap of 20 but with one of 2000', async () => {
    const draft = await createPost(
      server,
      who.member.token,
      postBody(form.id, { status: 'draft', values: { [home]: [{ lat: 1, lon: 1 }] } }),
    );
    const anonymous = await server.api.get('/posts/geojson?status=all');
    expect(anonymous.body.features.map((f: { properties: { id: number } }) => f.properties.id)).not.toContain(draft.id);
    const author = await server.api.get('/posts/geojson?status=all', { token: who.member.token });
    expect(author.body.features.map((f: { properties: { id: number } }) => f.properties.id)).toContain(draft.id);
    // Totals from the running counts (no filter but status) still count what each caller may read.
    expect(author.body.total).toBe(anonymous.body.total + 1);
    const filtered = await server.api.get(`/posts/geojson?q=East`);
    expect(filtered.body.total).toBe(1);
    // 2001 more mapped posts: one request returns at most 2000 of them.
    const attribute = await server.ctx.db.selectFrom('form_attributes').select('id').where('key', '=', home).executeTakeFirstOrThrow();
    await sql`
      with made as (
        insert into posts (title, content, status, form_id, values)
        select 'Bulk ' || n, 'bulk', 'published', ${form.id}, jsonb_build_object(${home}::text, '[{"lat": 0, "lon": 0}]'::jsonb)
        from generate_series(1, 2001) n
        returning id
      )
      insert into post_points (post_id, form_attribute_id, attribute_key, ordinal, lat, lon, geom)
      select id, ${attribute.id}, ${home}, 0, 0, 0, ST_SetSRID(ST_MakePoint(0, 0), 4326) from made
    `.execute(server.ctx.db);
    const many = await server.api.get('/posts/geojson?limit=100000&has_location=mapped');
    expectStatus(many, 200);
    expect(many.body.total).toBe(2003);
    expect(many.body.features).toHaveLength(2000);
    const rest = await server.api.get('/posts/geojson?limit=2000&offset=2000&has_location=mapped');
    expect(rest.body.features).toHaveLength(3);
    expectStatus(await server.api.get('/posts/geojson?orderby=nope'), 422);
    expectStatus(await server.api.post('/posts/geojson', {}, { token: who.admin }), 405);
  });
});
