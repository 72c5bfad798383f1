import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createUser, unique, type TestUser } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus } from './helpers/surveys';
import { startReceiver, type Received, type Receiver } from './helpers/webhook-receiver';

const PLATFORM_SECRET = 'deployment-shared-secret-for-write-back';
// Behind a proxy: `url` fields and the write-back's signed URL use the public address.
const PUBLIC_URL = 'https://reports.example.org';
let server: TestServer & { close: () => Promise<void>; stop: () => Promise<void> };
let receiver: Receiver;
let admin: string;
let member: TestUser;

const boot = (databaseUrl?: string) =>
  startTestServer({
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_LIMIT: '4',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_DELAY_MAX_SECONDS: '2',
      WEBHOOK_TIMEOUT_MS: '700',
      PLATFORM_SHARED_SECRET: PLATFORM_SECRET,
      PUBLIC_URL,
    },
  });

beforeAll(async () => {
  server = await boot();
  receiver = await startReceiver();
  admin = await adminToken(server);
  member = await createUser(server);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** A webhook on its own receiver path, so tests never see each other's deliveries. */
async function hook(eventType: 'create' | 'update' | 'delete' = 'create', extra: Record<string, unknown> = {}) {
  const path = `/${unique('hook')}`;
  const secret = unique('secret-of-some-length-');
  const res = await server.api.post(
    '/webhooks',
    { name: unique('Hook '), shared_secret: secret, url: receiver.url(path), event_type: eventType, entity_type: 'post', ...extra },
    { token: admin },
  );
  expectStatus(res, 200);
  return { ...(res.body as { id: number; url: string; webhook_uuid: string }), path, secret };
}

/** What a v3 receiver does: HMAC-SHA256 over the URL it registered plus the raw body, base64, compared in constant time. */
function receiverAccepts(received: Received, url: string, secret: string): boolean {
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(url + received.body)
      .digest('base64'),
  );
  const given = Buffer.from(String(received.headers['x-ushahidi-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const deliveries = async (webhookId: number) => (await server.api.get(`/webhooks/${webhookId}/deliveries`, { token: admin })).body;

const settledDelivery = (webhookId: number, status = 'delivered') =>
  expect
    .poll(async () => (await deliveries(webhookId)).results.map((d: { status: string }) => d.status), { timeout: 20_000 })
    .toEqual([status]);

const removeHook = (id: number) => server.api.del(`/webhooks/${id}`, { token: admin });

/** Moves the dispatcher's cursor to just before a post's creation event; returns the event's id. */
async function rewindBefore(postId: number): Promise<number> {
  const { rows } = await sql<{ id: number; seq: number }>`
    select e.id, c.seq from events e join event_commits c on c.xid = e.xid
    where e.aggregate_type = 'post' and e.aggregate_id = ${String(postId)} and e.type = 'post.created'
  `.execute(server.ctx.db);
  const event = rows[0]!;
  await server.ctx.db
    .updateTable('webhook_cursor')
    .set({ seq: event.seq, event_id: event.id - 1 })
    .execute();
  return event.id;
}

describe('webhook delivery (issue 25 item 2)', () => {
  it('POSTs the post as its owner reads it, signed the way receivers verify, once', async () => {
    const h = await hook('create');
    const post = await createPost(server, admin, postBody(null, { title: unique('Flooded road ') }));
    const [got] = await receiver.waitFor(h.path, 1);
    expect(receiverAccepts(got!, h.url, h.secret)).toBe(true);
    expect(receiverAccepts(got!, h.url, `${h.secret}x`)).toBe(false);
    expect(got!.headers['content-type']).toBe('application/json');
    const asRead = (await server.api.get(`/posts/${post.id}`, { token: admin })).body;
    expect(got!.json).toEqual({ ...asRead, webhook_uuid: h.webhook_uuid, source_field_key: null, destination_field_key: null });

    await settledDelivery(h.id);
    const list = await deliveries(h.id);
    expect(list).toMatchObject({ count: 1, total_count: 1, order: 'desc', orderby: 'id' });
    expect(list.results[0]).toMatchObject({
      post_id: post.id,
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      delivered_at: expect.stringMatching(W3C),
    });
    expect(list.results[0].attempt_log).toEqual([
      { attempted_at: expect.stringMatching(W3C), status_code: 200, duration_ms: expect.any(Number), error: null },
    ]);

    // Exactly once per event and webhook, however often the log is read again.
    await server.services.webhooks.start();
    await rewindBefore(post.id);
    await server.services.webhooks.start();
    expect((await deliveries(h.id)).total_count).toBe(1);
    expect(receiver.at(h.path)).toHaveLength(1);
    await removeHook(h.id);
  });

  it('sends updates to update webhooks only, and carries the field keys', async () => {
    const created = await hook('create');
    const post = await createPost(server, admin, postBody(null));
    await receiver.waitFor(created.path, 1);
    const updated = await hook('update');
    expectStatus(await server.api.put(`/posts/${post.id}`, { title: unique('Updated ') }, { token: admin }), 200);
    const [got] = await receiver.waitFor(updated.path, 1);
    expect(got!.json).toMatchObject({ id: post.id, webhook_uuid: updated.webhook_uuid });
    expect(receiverAccepts(got!, updated.url, updated.secret)).toBe(true);
    expect(receiver.at(created.path)).toHaveLength(1);
    await removeHook(created.id);
    await removeHook(updated.id);
  });

  it('retries after 500s with backoff and records every attempt', async () => {
    const h = await hook('create');
    receiver.script(h.path, [500, 503]);
    await createPost(server, admin, postBody(null));
    await receiver.waitFor(h.path, 3);
    await settledDelivery(h.id);
    const [delivery] = (await deliveries(h.id)).results;
    expect(delivery.attempts).toBe(3);
    expect(delivery.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
    expect(delivery.attempt_log[0].error).toBe('receiver answered 500');
    const times = delivery.attempt_log.map((a: { attempted_at: string }) => Date.parse(a.attempted_at));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(1000);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(2000);
    await removeHook(h.id);
  });

  it('gives up a receiver that does not answer in time, then succeeds on the retry', async () => {
    const h = await hook('create');
    receiver.script(h.path, ['hang']);
    await createPost(server, admin, postBody(null));
    await settledDelivery(h.id);
    const [delivery] = (await deliveries(h.id)).results;
    expect(delivery.attempt_log.map((a: { error: string | null }) => a.error)).toEqual(['timed out after 700 ms', null]);
    await removeHook(h.id);
  });

  it('marks a delivery failed after the last retry, and redelivers it on request', async () => {
    const h = await hook('create');
    receiver.script(h.path, [500, 500, 500, 500, 500]);
    await createPost(server, admin, postBody(null));
    await settledDelivery(h.id, 'failed');
    const [failed] = (await deliveries(h.id)).results;
    expect(failed.attempts).toBe(5);
    const again = await server.api.post(`/webhooks/${h.id}/deliveries/${failed.id}/redeliver`, {}, { token: admin });
    expectStatus(again, 200);
    expect(again.body).toMatchObject({ id: failed.id, status: 'pending' });
    await settledDelivery(h.id);
    expect((await deliveries(h.id)).results[0].attempt_log).toHaveLength(6);
    expect((await server.api.post(`/webhooks/${h.id}/deliveries/999999/redeliver`, {}, { token: admin })).status).toBe(404);
    expect((await server.api.post(`/webhooks/${h.id}/deliveries/${failed.id}/redeliver`, {}, { token: member.token })).status).toBe(403);
    await removeHook(h.id);
  });

  it('never sends a post the webhook owner may not read', async () => {
    const h = await hook('create');
    await server.ctx.db.updateTable('webhooks').set({ user_id: member.id }).where('id', '=', h.id).execute();
    const other = await createUser(server);
    const draft = await createPost(server, other.token, postBody(null, { status: 'draft' }));
    await settledDelivery(h.id, 'skipped');
    expect((await deliveries(h.id)).results[0]).toMatchObject({
      post_id: draft.id,
      attempts: 0,
      last_error: "The webhook's owner may not read this post",
    });
    expect(receiver.at(h.path)).toEqual([]);
    await removeHook(h.id);
  });

  it('delivers every event to a receiver that was down and came back', async () => {
    const h = await hook('create');
    await receiver.down();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await createPost(server, admin, postBody(null)));
    await expect
      .poll(async () => (await deliveries(h.id)).results.filter((d: { attempts: number }) => d.attempts >= 1).length, { timeout: 20_000 })
      .toBe(3);
    await receiver.up();
    const got = await receiver.waitFor(h.path, 3);
    expect(got.map((r) => r.json.id).sort()).toEqual(posts.map((p) => p.id).sort());
    await expect
      .poll(async () => (await deliveries(h.id)).results.every((d: { status: string }) => d.status === 'delivered'), { timeout: 20_000 })
      .toBe(true);
    await removeHook(h.id);
  });

  it('owes deliveries for events committed while no node was dispatching (the cursor is durable)', async () => {
    const h = await hook('create');
    const post = await createPost(server, admin, postBody(null));
    await receiver.waitFor(h.path, 1);
    // As if the node died after the commit and before dispatching: no delivery, the cursor before the event.
    await server.ctx.db.deleteFrom('webhook_deliveries').where('webhook_id', '=', h.id).execute();
    const event = await rewindBefore(post.id);
    // A webhook made after the post hears nothing of it, though the log replays its event.
    const later = await hook('create');
    const next = await boot(server.databaseUrl);
    try {
      await receiver.waitFor(h.path, 2);
      expect(receiver.at(h.path)[1]!.json.id).toBe(post.id);
      await expect
        .poll(async () => (await deliveries(h.id)).results.map((d: { event_id: number; status: string }) => [d.event_id, d.status]))
        .toEqual([[event, 'delivered']]);
      // Both webhooks were matched in the one transaction that made h's delivery.
      expect((await deliveries(later.id)).results).toEqual([]);
    } finally {
      await next.stop();
    }
    await removeHook(h.id);
    await removeHook(later.id);
  });
});

describe('signed write-back: PUT /webhooks/posts/{id} (issue 25 item 3)', () => {
  // v3's verifier wants both: the signature, and one of the deployment's API keys as `api_key`.
  let apiKey: { id: number; api_key: string };
  beforeAll(async () => {
    const res = await server.api.post('/apikeys', {}, { token: admin });
    expectStatus(res, 200);
    apiKey = res.body as { id: number; api_key: string };
  });
  const sign = (url: string, raw: string, secret = PLATFORM_SECRET) =>
    createHmac('sha256', secret)
      .update(url + raw)
      .digest('base64');
  const put = (path: string, raw: string, signature?: string) =>
    server.api.request('PUT', path, {
      raw,
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Ushahidi-Signature': signature } : {}) },
    });
  /** The path under the API, and the full URL a receiver signs (it includes the query string). */
  const target = (id: number, key = apiKey.api_key) => {
    const path = `/webhooks/posts/${id}?api_key=${encodeURIComponent(key)}`;
    return { path, url: `${PUBLIC_URL}/api/v3${path}` };
  };

  it('updates a post when signed with the deployment secret and carrying an API key', async () => {
    const post = await createPost(server, admin, postBody(null));
    const raw = JSON.stringify({ title: 'Classified by the partner', webhook_uuid: '00000000-0000-4000-8000-000000000000' });
    const { path, url } = target(post.id);
    const res = await put(path, raw, sign(url, raw));
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: post.id, title: 'Classified by the partner' });
    expect((await server.api.get(`/posts/${post.id}`, { token: admin })).body.title).toBe('Classified by the partner');
    // The key may come in the body instead, as v3 reads it from the request's input.
    const inBody = JSON.stringify({ title: 'Key in the body', api_key: apiKey.api_key });
    const bare = `/webhooks/posts/${post.id}`;
    expectStatus(await put(bare, inBody, sign(`${PUBLIC_URL}/api/v3${bare}`, inBody)), 200);
    expect((await server.api.get(`/posts/${post.id}`, { token: admin })).body.title).toBe('Key in the body');
  });

  it('answers 401 in the envelope and changes nothing when the signature is bad or missing', async () => {
    const post = await createPost(server, admin, postBody(null));
    const raw = JSON.stringify({ title: 'Tampered title' });
    const { path, url } = target(post.id);
    for (const signature of [
      undefined,
      'bm9wZQ==',
      sign(url, raw, 'another-secret-entirely'),
      sign(`${url}&x=1`, raw),
      sign(url, `${raw} `),
    ]) {
      const res = await put(path, raw, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(res.body).toEqual({ errors: [{ status: 401, message: 'Unauthorized.' }] });
    }
    expect((await server.api.get(`/posts/${post.id}`, { token: admin })).body.title).toBe(post.title);
    const missing = JSON.stringify({ title: 'x' });
    const gone = target(999999);
    expect((await put(gone.path, missing, sign(gone.url, missing))).status).toBe(404);
  });

  it('answers 401 for a well-signed request without a current API key', async () => {
    const post = await createPost(server, admin, postBody(null));
    const raw = JSON.stringify({ title: 'No key' });
    const bare = `/webhooks/posts/${post.id}`;
    expect((await put(bare, raw, sign(`${PUBLIC_URL}/api/v3${bare}`, raw))).status).toBe(401);
    const wrong = target(post.id, 'not-a-key-of-this-deployment');
    expect((await put(wrong.path, raw, sign(wrong.url, raw))).status).toBe(401);
    expect((await server.api.get(`/posts/${post.id}`, { token: admin })).body.title).toBe(post.title);
  });

  it('stops accepting a regenerated key at once, and takes the new one (issue 25 item 7)', async () => {
    const post = await createPost(server, admin, postBody(null));
    const own = (await server.api.post('/apikeys', {}, { token: admin })).body as { id: number; api_key: string };
    const before = JSON.stringify({ title: 'With the first key' });
    const first = target(post.id, own.api_key);
    expectStatus(await put(first.path, before, sign(first.url, before)), 200);

    const regenerated = await server.api.put(`/apikeys/${own.id}`, {}, { token: admin });
    expectStatus(regenerated, 200);
    const fresh = (regenerated.body as { api_key: string }).api_key;
    expect(fresh).not.toBe(own.api_key);
    const stale = JSON.stringify({ title: 'With the old key' });
    const refused = await put(first.path, stale, sign(first.url, stale));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ errors: [{ status: 401, message: 'Unauthorized.' }] });
    expect((await server.api.get(`/posts/${post.id}`, { token: admin })).body.title).toBe('With the first key');

    const after = JSON.stringify({ title: 'With the new key' });
    const second = target(post.id, fresh);
    expectStatus(await put(second.path, after, sign(second.url, after)), 200);
    // A deleted key stops at once too.
    expectStatus(await server.api.del(`/apikeys/${own.id}`, { token: admin }), 200);
    expect((await put(second.path, after, sign(second.url, after))).status).toBe(401);
  });
});
