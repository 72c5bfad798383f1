import { PostClustersSchema, type PostClusters } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

/**
 * The map's cluster indexes take in changes in place (issue 27): after a seeded random sequence of
 * creates, moves, status changes and deletes through the API, every viewer's clusters are exactly
 * those of indexes built afresh, and no index was built again meanwhile.
 */
let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let form: { id: number };
let where: string;

/** A seeded generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['published', 'draft', 'archived'] as const;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  form = await newForm(server, who.admin, { require_approval: false });
  const stage = await newStage(server, who.admin, form.id);
  where = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'point', input: 'location', label: 'Where' })).key;
});
afterAll(async () => server?.close());

async function clusters(query: string, token?: string): Promise<PostClusters> {
  const res = await server.api.get(`/posts/clusters?${query}`, { token });
  expectStatus(res, 200);
  return PostClustersSchema.parse(res.body);
}

/** An answer whose features do not depend on the order an index was filled in. */
const canonical = (body: PostClusters) => ({
  total: body.total,
  bbox: body.bbox,
  features: body.features.map((f) => JSON.stringify([f.geometry.coordinates, f.properties])).sort(),
});

describe('incremental cluster indexes', () => {
  it('answer as indexes built afresh after random creates, moves, status changes and deletes', async () => {
    const next = random(27);
    const place = () => ({ [where]: [{ lat: -1.3 + (next() - 0.5) * (next() < 0.3 ? 60 : 0.4), lon: 36.8 + (next() - 0.5) * 0.4 }] });
    const status = () => STATUSES[Math.floor(next() * STATUSES.length)]!;
    const authors = [who.admin, who.member.token];
    const posts = new Map<number, string>();
    const create = async () => {
      const token = authors[Math.floor(next() * authors.length)]!;
      // Members cannot publish: theirs are drafts, which only they and managers see.
      const post = await createPost(
        server,
        token,
        postBody(form.id, { status: token === who.admin ? status() : 'draft', values: place() }),
      );
      posts.set(post.id, token);
    };
    for (let i = 0; i < 40; i++) await create();

    const views: Array<[string, string | undefined]> = [];
    for (const token of [undefined, who.member.token, who.admin])
      for (const query of ['zoom=1', 'zoom=6', 'zoom=9&bbox=36.5,-1.6,37.1,-1.0', 'zoom=15&bbox=36.5,-1.6,37.1,-1.0'])
        views.push([token === who.admin ? `${query}&status=all` : query, token]);
    const answers = () => Promise.all(views.map(([query, token]) => clusters(query, token).then(canonical)));
    await answers();
    const built = server.services.posts.clusters.builds();

    for (let step = 0; step < 60; step++) {
      const roll = next();
      const ids = [...posts.keys()];
      const id = ids[Math.floor(next() * ids.length)]!;
      if (roll < 0.3) await create();
      else if (roll < 0.75) {
        // A move, a status change, or both, by an administrator.
        const body = postBody(form.id, { status: status(), values: next() < 0.7 ? place() : {} });
        expectStatus(await server.api.put(`/posts/${id}`, body, { token: who.admin }), 200);
      } else {
        expectStatus(await server.api.del(`/posts/${id}`, { token: who.admin }), 200);
        posts.delete(id);
      }
    }
    // Every event committed so far has reached the map's indexes.
    await server.ctx.reader.wake();
    const kept = await answers();
    expect(server.services.posts.clusters.builds()).toBe(built);

    server.services.posts.clusters.invalidate();
    const fresh = await answers();
    expect(server.services.posts.clusters.builds()).toBeGreaterThan(built);
    for (let v = 0; v < views.length; v++) expect(kept[v], views[v]!.join(' as ')).toEqual(fresh[v]);
    // The sequence moved what each viewer sees.
    expect(new Set(kept.map((answer) => answer.total)).size).toBeGreaterThan(1);
  });
});
