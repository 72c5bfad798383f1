import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createUser, unique, type TestUser } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

/** Each change of a delivery is pushed to administrators, so its row on the screen moves live (issue 25 item 5). */
let server: TestServer & { close: () => Promise<void> };
let receiver: Receiver;
let admin: string;
let member: TestUser;
let adminSocket: TestSocket;
let memberSocket: TestSocket;

beforeAll(async () => {
  server = await startTestServer({
    env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_LIMIT: '0', WEBHOOK_TIMEOUT_MS: '2000' },
  });
  receiver = await startReceiver();
  admin = await adminToken(server);
  member = await createUser(server);
  adminSocket = await connectSocket(server.url, { token: admin });
  memberSocket = await connectSocket(server.url, { token: member.token });
});
afterAll(async () => {
  adminSocket?.close();
  memberSocket?.close();
  await server?.close();
  await receiver?.close();
});

async function hook() {
  const path = `/${unique('live')}`;
  const res = await server.api.post(
    '/webhooks',
    {
      name: unique('Live '),
      shared_secret: unique('secret-of-some-length-'),
      url: receiver.url(path),
      event_type: 'create',
      entity_type: 'post',
    },
    { token: admin },
  );
  expectStatus(res, 200);
  return { id: (res.body as { id: number }).id, path };
}

const forHook = (id: number, status?: string) => (e: { type: string; aggregate_id: string; payload: Record<string, unknown> }) =>
  e.type === 'webhook.delivery_updated' && e.aggregate_id === String(id) && (status === undefined || e.payload.status === status);

describe('webhook.delivery_updated', () => {
  it('tells admins of a delivery queued, then delivered; nobody else hears of it', async () => {
    const h = await hook();
    await createPost(server, admin, postBody(null));
    const [queued] = await adminSocket.waitFor(forHook(h.id, 'pending'));
    const [sent] = await adminSocket.waitFor(forHook(h.id, 'delivered'));
    expect(queued!.payload.delivery_id).toBe(sent!.payload.delivery_id);
    expect(queued!.aggregate_type).toBe('webhook');
    const listed = await server.api.get(`/webhooks/${h.id}/deliveries`, { token: admin });
    expect(listed.body.results).toMatchObject([{ id: sent!.payload.delivery_id, status: 'delivered' }]);
    // The member's socket is still connected and hears other events, just not these.
    await createPost(server, member.token, postBody(null));
    await memberSocket.waitFor((e) => e.type === 'post.created' && e.actor_id === member.id);
    expect(memberSocket.events.filter((e) => e.type === 'webhook.delivery_updated')).toEqual([]);
  });

  it('tells admins of a failure and of a redelivery', async () => {
    const h = await hook();
    receiver.script(h.path, [500]);
    await createPost(server, admin, postBody(null));
    const [failed] = await adminSocket.waitFor(forHook(h.id, 'failed'));
    const deliveryId = failed!.payload.delivery_id as number;
    expectStatus(await server.api.post(`/webhooks/${h.id}/deliveries/${deliveryId}/redeliver`, {}, { token: admin }), 200);
    await adminSocket.waitFor(forHook(h.id, 'delivered'));
    // Queued, failed, queued again, delivered: one push each.
    const seen = adminSocket.events.filter(forHook(h.id));
    expect(
      seen.map((e) => e.payload.status),
      JSON.stringify(seen),
    ).toEqual(['pending', 'failed', 'pending', 'delivered']);
  });
});
