import { PostClustersSchema, type PostClusters } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

type Server = TestServer & { close: () => Promise<void> };
let first: Server;
let who: PostCallers;
const ids: number[] = [];

/** Clusters as an anonymous visitor's map asks for them (the default statuses always sent). */
async function clusters(server: TestServer, query: string): Promise<PostClusters> {
  const res = await server.api.get(`/posts/clusters?status[]=published&status[]=draft&${query}`);
  expectStatus(res, 200);
  return PostClustersSchema.parse(res.body);
}

/** Takes a post off the map without an event: only a fresh load of the points notices. */
const unmapBehindTheApi = (server: TestServer, id: number) => server.ctx.db.deleteFrom('post_points').where('post_id', '=', id).execute();

beforeAll(async () => {
  first = await startTestServer();
  who = await makePostCallers(first);
  const form = await newForm(first, who.admin, { require_approval: false });
  const stage = await newStage(first, who.admin, form.id);
  const where = (await newAttribute(first, who.admin, form.id, stage.id, { type: 'point', input: 'location', label: 'Where' })).key;
  for (let i = 0; i < 4; i++) {
    const values = { [where]: [{ lat: -1.29 + i * 0.01, lon: 36.82 + i * 0.01 }] };
    ids.push((await createPost(first, who.admin, postBody(form.id, { status: 'published', values }))).id);
  }
});
afterAll(async () => first?.close());

describe('the default map prepared ahead of its first visitor', () => {
  it('is built when a node starts and again once everything kept was dropped', async () => {
    const node = await startTestServer({ databaseUrl: first.databaseUrl });
    try {
      await node.services.posts.clusters.warmed();
      await unmapBehindTheApi(node, ids[0]!);
      // The opening zoom (2 by default) and, the world being one cluster there, the zoom it splits
      // at were answered from what the start prepared: the removed point is still counted.
      const world = await clusters(node, 'zoom=2');
      expect(world.total).toBe(4);
      const [only] = world.features;
      expect(world.features).toHaveLength(1);
      expect(only?.properties.cluster).toBe(true);
      const closer = only!.properties.cluster ? only!.properties.expansion_zoom : 0;
      expect((await clusters(node, `zoom=${closer}`)).total).toBe(4);

      // Dropped whole (as a settings change does): prepared again from the points as they are now.
      node.services.posts.clusters.invalidate();
      await node.services.posts.clusters.warmed();
      await unmapBehindTheApi(node, ids[1]!);
      expect((await clusters(node, 'zoom=2')).total).toBe(3);
      expect((await clusters(node, `zoom=${closer}`)).total).toBe(3);
    } finally {
      await node.stop();
    }
  });
});
