import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../server/src/events/events.repository';
import { adminToken } from './helpers/factories';
import { createPost, insertPost } from './helpers/posts';
import { eventsSettled, startTestServer, type TestServer } from './helpers/server';
import { expectStatus, ids, newAttribute, newForm, newStage } from './helpers/surveys';

/**
 * A post list or GeoJSON page asked again and again (a busy public map) is answered from memory until
 * anything changes. Here an answer may be kept for a minute, so whatever shows a change in time was
 * told of it: by the write itself, by a transaction, or by an event of the log.
 */
let server: TestServer & { close: () => Promise<void> };
let admin: string;
const PAGE = '/posts?order=desc&orderby=created&limit=20';
const NAIROBI = { lat: -1.29, lon: 36.82 };

const newest = async (token?: string) => {
  const res = await server.api.get(PAGE, { token });
  expectStatus(res, 200);
  return res;
};

/** fetch() may not name another host; node:http may. */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Host: host, Accept: 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  server = await startTestServer({ env: { API_READ_CACHE_MS: '60000' } });
  admin = await adminToken(server);
  await createPost(server, admin, { title: 'Already there', content: 'x', status: 'published' });
});
afterAll(() => server?.close());

describe('post list answers kept for a moment', () => {
  it('answers a repeated page from memory: a row written behind the app is not seen yet', async () => {
    await eventsSettled(server);
    const before = ids(await newest());
    const hidden = await insertPost(server, { status: 'published' });
    expect(ids(await newest())).toEqual(before);
    // Anything else asked is read afresh.
    expect(ids(await server.api.get(`${PAGE}&offset=0`))).toContain(hidden);
  });

  it('shows a post created through the API in the very next answer', async () => {
    await newest();
    const created = await createPost(server, admin, { title: 'Just written', content: 'x', status: 'published' });
    expect(ids(await newest())[0]).toBe(created.id);
  });

  it('shows a change to a survey (its colour) in the very next answer', async () => {
    const form = await newForm(server, admin, { color: '#112233', require_approval: false });
    const post = await createPost(server, admin, { form: form.id, title: 'Coloured', content: 'x', status: 'published' });
    expect((await newest()).body.results.find((p: { id: number }) => p.id === post.id).color).toBe('#112233');
    expectStatus(await server.api.put(`/forms/${form.id}`, { ...form, color: '#445566' }, { token: admin }), 200);
    expect((await newest()).body.results.find((p: { id: number }) => p.id === post.id).color).toBe('#445566');
  });

  it('shows what another process wrote as soon as its event is read', async () => {
    await newest();
    // What the worker or another node does: the change and its event in one transaction of its own.
    const id = await server.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('posts')
        .values({ title: 'From elsewhere', content: 'x', status: 'published' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendEvent(trx, { type: 'post.created', aggregateType: 'post', aggregateId: row.id, actorId: null });
      return row.id;
    });
    await expect.poll(async () => ids(await newest())[0], { timeout: 10_000 }).toBe(id);
  });

  it('keeps GeoJSON pages the same way', async () => {
    const geojson = async () => {
      const res = await server.api.get('/posts/geojson?limit=200');
      expectStatus(res, 200);
      return (res.body.features as Array<{ properties: { id: number } }>).map((f) => f.properties.id);
    };
    const form = await newForm(server, admin, { require_approval: false });
    const stage = await newStage(server, admin, form.id);
    const field = await newAttribute(server, admin, form.id, stage.id, { type: 'point', input: 'location', label: 'Where' });
    const mapped = (title: string) =>
      createPost(server, admin, { form: form.id, title, content: 'x', status: 'published', values: { [field.key]: [NAIROBI] } });

    const first = await mapped('Mapped');
    await eventsSettled(server);
    expect(await geojson()).toContain(first.id);
    // A mapped post written behind the app: not in the kept page, in the next one after a change.
    const behind = await insertPost(server, { status: 'published', form_id: form.id, values: JSON.stringify({ [field.key]: [NAIROBI] }) });
    await server.ctx.db
      .insertInto('post_points')
      .values({
        post_id: behind,
        form_attribute_id: field.id,
        attribute_key: field.key,
        lat: NAIROBI.lat,
        lon: NAIROBI.lon,
        geom: sql`ST_SetSRID(ST_MakePoint(${NAIROBI.lon}, ${NAIROBI.lat}), 4326)`,
      })
      .execute();
    expect(await geojson()).not.toContain(behind);
    const second = await mapped('Mapped too');
    expect(await geojson()).toEqual(expect.arrayContaining([first.id, behind, second.id]));
  });

  it('never gives one caller the answer made for another', async () => {
    const draft = await createPost(server, admin, { title: 'Only for moderators', content: 'x', status: 'draft' });
    const all = `/posts?status[]=published&status[]=draft&status[]=archived&limit=20`;
    const forAdmin = await server.api.get(all, { token: admin });
    expect(ids(forAdmin)).toContain(draft.id);
    const forAnonymous = await server.api.get(all);
    expectStatus(forAnonymous, 200);
    expect(ids(forAnonymous)).not.toContain(draft.id);
    // The page's own links are those of the host that was asked.
    await newest();
    const elsewhere = JSON.parse(await getWithHost(`${server.url}/api/v3${PAGE}`, 'other.example')) as { curr: string };
    expect(elsewhere.curr).toMatch(/^http:\/\/other\.example\//);
  });

  it('still refuses what it refused: bad input is checked before any kept answer', async () => {
    const res = await server.api.get('/posts?orderby=nonsense');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].status).toBe(422);
  });
});
