import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

/**
 * `posts.places`, the post's own copy of its points that spatial filters test on the row
 * (issue 6): right after any write, whoever changes `post_points`, and a post with several points
 * matches on any one of them and on no place between them.
 */
let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let formId: number;
let here: { id: number; key: string };
let there: { id: number; key: string };

const NAIROBI = { lat: -1.2921, lon: 36.8219 };
const LONDON = { lat: 51.5074, lon: -0.1278 };
const MOMBASA = { lat: -4.0435, lon: 39.6682 };
/** The Sahara: inside the box spanned by Nairobi and London, near neither. */
const BETWEEN = 'bbox=10,30,20,20';
const NEAR_LONDON = `center_point=${LONDON.lat},${LONDON.lon}&within_km=10`;

beforeAll(async () => {
  // Every list answer fresh: this file changes `post_points` behind the API's back.
  server = await startTestServer({ env: { API_READ_CACHE_MS: '0' } });
  who = await makePostCallers(server);
  formId = (await newForm(server, who.admin, { require_approval: false })).id;
  const stage = await newStage(server, who.admin, formId);
  here = await newAttribute(server, who.admin, formId, stage.id, { type: 'point', input: 'location', label: 'Where' });
  there = await newAttribute(server, who.admin, formId, stage.id, { type: 'point', input: 'location', label: 'Also' });
});
afterAll(async () => server?.close());

/** Whether the post is mapped and the points of its `places`, as `lon lat`, sorted. */
async function placesOf(postId: number): Promise<{ mapped: boolean; points: string[] | null }> {
  const { rows } = await sql<{ mapped: boolean; points: string[] | null }>`
    select mapped, (select array_agg(ST_X(d.geom) || ' ' || ST_Y(d.geom) order by 1) from ST_Dump(places) d) as points
    from posts where id = ${postId}`.execute(server.ctx.db);
  const row = rows[0]!;
  return { mapped: row.mapped, points: row.points && [...row.points].sort() };
}

const at = (...places: Array<{ lat: number; lon: number }>) => places.map((p) => `${p.lon} ${p.lat}`).sort();

/** Ids of the published posts a query finds, for a caller (anonymous by default). */
async function found(query: string, token: string | null = null): Promise<number[]> {
  const res = await server.api.get(`/posts?limit=100&form=${formId}&${query}`, { token });
  expectStatus(res, 200);
  return res.body.results.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b);
}

describe('posts.places (issue 6)', () => {
  it('holds every point of the post after the writes, and a post matches on any of them', async () => {
    const both = await createPost(server, who.admin, {
      form: formId,
      title: 'Two places',
      content: 'seen',
      status: 'published',
      values: { [here.key]: [NAIROBI], [there.key]: [LONDON] },
    });
    const one = await createPost(server, who.admin, {
      form: formId,
      title: 'Port',
      content: 'seen',
      status: 'published',
      values: { [here.key]: [MOMBASA] },
    });
    const none = await createPost(server, who.admin, { form: formId, title: 'Nowhere', content: 'seen', status: 'published', values: {} });

    expect(await placesOf(both.id)).toEqual({ mapped: true, points: at(NAIROBI, LONDON) });
    expect(await placesOf(none.id)).toEqual({ mapped: false, points: null });

    for (const token of [null, who.admin]) {
      expect(await found(NEAR_LONDON, token)).toEqual([both.id]);
      expect(await found(`center_point=${MOMBASA.lat},${MOMBASA.lon}&within_km=10`, token)).toEqual([one.id]);
      expect(await found('bbox=-1,52,1,51', token)).toEqual([both.id]);
      // A box of no size still holds the point it is drawn on.
      expect(await found(`bbox=${MOMBASA.lon},${MOMBASA.lat},${MOMBASA.lon},${MOMBASA.lat}`, token)).toEqual([one.id]);
      expect(await found(`bbox=${LONDON.lon},${LONDON.lat},${LONDON.lon},${LONDON.lat}`, token)).toEqual([both.id]);
      // The box of both points covers the Sahara; no point of theirs is in it.
      expect(await found(BETWEEN, token)).toEqual([]);
      expect(await found('has_location=unmapped', token)).toEqual([none.id]);
    }

    const edited = await server.api.put(
      `/posts/${both.id}`,
      { form: formId, title: 'Two places', content: 'seen', status: 'published', values: { [here.key]: [NAIROBI] } },
      { token: who.admin },
    );
    expectStatus(edited, 200);
    expect(await placesOf(both.id)).toEqual({ mapped: true, points: at(NAIROBI) });
    expect(await found(NEAR_LONDON)).toEqual([]);
  });

  it('follows `post_points` whoever changes them: a moved point, a deleted field, a cleared table', async () => {
    const post = await createPost(server, who.admin, {
      form: formId,
      title: 'Moving',
      content: 'seen',
      status: 'published',
      values: { [here.key]: [NAIROBI], [there.key]: [MOMBASA] },
    });
    const db = server.ctx.db;
    await db
      .updateTable('post_points')
      .set({ lat: LONDON.lat, lon: LONDON.lon, geom: `SRID=4326;POINT(${LONDON.lon} ${LONDON.lat})` })
      .where('post_id', '=', post.id)
      .where('attribute_key', '=', there.key)
      .execute();
    expect(await placesOf(post.id)).toEqual({ mapped: true, points: at(NAIROBI, LONDON) });
    expect(await found(NEAR_LONDON)).toContain(post.id);

    // Deleting a location field takes its points along (foreign key cascade), and the post's copy.
    expectStatus(await server.api.del(`/forms/${formId}/attributes/${there.id}`, { token: who.admin }), 200);
    expect(await placesOf(post.id)).toEqual({ mapped: true, points: at(NAIROBI) });
    expect(await found(NEAR_LONDON)).toEqual([]);

    await db.deleteFrom('post_points').where('post_id', '=', post.id).execute();
    expect(await placesOf(post.id)).toEqual({ mapped: false, points: null });
    expect(await found('has_location=unmapped')).toContain(post.id);

    await createPost(server, who.admin, {
      form: formId,
      title: 'Later',
      content: 'seen',
      status: 'published',
      values: { [here.key]: [MOMBASA] },
    });
    await sql`truncate post_points`.execute(db);
    const left = await db
      .selectFrom('posts')
      .select(['id'])
      .where((eb) => eb.or([eb('mapped', '=', true), eb('places', 'is not', null)]))
      .execute();
    expect(left).toEqual([]);
  });
});
