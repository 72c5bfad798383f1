import { PostClustersSchema, PostStatsSchema } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, postBody } from './helpers/posts';
import { adminToken } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let formId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  formId = (await newForm(server, admin, { require_approval: false })).id;
  const stageId = (await newStage(server, admin, formId)).id;
  const where = (await newAttribute(server, admin, formId, stageId, { type: 'point', input: 'location', label: 'Where' })).key;
  const whence = (await newAttribute(server, admin, formId, stageId, { type: 'point', input: 'location', label: 'Whence' })).key;
  const published = (values: Record<string, unknown>) => postBody(formId, { status: 'published', values });
  // One post with two places, one with one, one with none.
  await createPost(server, admin, published({ [where]: [{ lat: 1, lon: 1 }], [whence]: [{ lat: 40, lon: 40 }] }));
  await createPost(server, admin, published({ [where]: [{ lat: -20, lon: -20 }] }));
  await createPost(server, admin, published({}));
});
afterAll(async () => server?.close());

describe('the map counts posts, not places', () => {
  it('answers the posts on the map in `total`, while its clusters and points count places', async () => {
    const res = await server.api.get(`/posts/clusters?zoom=1&form[]=${formId}`, { token: admin });
    expectStatus(res, 200);
    const body = PostClustersSchema.parse(res.body);
    expect(body.total).toBe(2);
    expect(body.features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.count : 1), 0)).toBe(3);
  });

  it('counts the matching posts without a place with the per-survey counts (`include_unmapped`)', async () => {
    const res = await server.api.get(`/posts/stats?group_by=form&include_unmapped=1&form[]=${formId}`, { token: admin });
    expectStatus(res, 200);
    expect(PostStatsSchema.parse(res.body).unmapped).toBe(1);
  });
});
