import type { PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { configureProvider } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { eventsSettled, startTestServer, type TestServer } from './helpers/server';
import { startSmsProviders } from './helpers/sms-providers';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

const twilio = { sid: 'AC00000000000000000000000000000002', token: 'twilio-requeue-token' };
const vonage = { key: 'vonage-requeue-key', secret: 'vonage-requeue-secret' };

let server: TestServer & { close: () => Promise<void> };
let providers: Awaited<ReturnType<typeof startSmsProviders>>;
let who: PostCallers;
let socket: TestSocket;

beforeAll(async () => {
  providers = await startSmsProviders({ twilio, vonage, frontlineKey: 'unused' });
  server = await startTestServer({ env: { TWILIO_API_URL: providers.url, VONAGE_API_URL: providers.url } });
  who = await makePostCallers(server);
  socket = await connectSocket(server.url, { token: who.manager.token });
});
afterAll(async () => {
  socket?.close();
  await server?.close();
  await providers?.close();
});

describe('replies that found no provider', () => {
  it('are queued again when their provider is turned on, and delivered once', async () => {
    const contact = await server.ctx.db
      .insertInto('contacts')
      .values({ user_id: null, type: 'phone', contact: '+14155550199', data_source: 'nexmo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = unique('Water trucks arrive at noon ');
    const res = await server.api.post(
      '/messages',
      { message: text, direction: 'outgoing', contact_id: contact.id },
      { token: who.manager.token },
    );
    expectStatus(res, 200);
    const id = res.body.id as number;
    // Nexmo is off: the delivery job records that no provider could take it.
    await expect
      .poll(async () => (await server.api.get(`/messages/${id}`, { token: who.manager.token })).body.additional_data?.delivery?.state, {
        timeout: 15000,
      })
      .toBe('no_provider');

    // An unrelated provider's change re-queues it, finds no provider again, and sends nothing.
    await configureProvider(server, who.admin, 'twilio', { account_sid: twilio.sid, auth_token: twilio.token, from: '+15005550006' });
    await eventsSettled(server);
    await server.services.messages.requeued();
    await expect
      .poll(async () => (await server.api.get(`/messages/${id}`, { token: who.manager.token })).body.additional_data?.delivery?.state, {
        timeout: 15000,
      })
      .toBe('no_provider');
    expect(providers.requests).toEqual([]);

    // Turning Nexmo on delivers it; the thread hears of it by push.
    const sent = socket.waitFor(
      (e: PushedEvent) => e.type === 'message.updated' && e.aggregate_id === String(id) && e.payload.status === 'sent',
      1,
      20000,
    );
    await configureProvider(server, who.admin, 'nexmo', { api_key: vonage.key, api_secret: vonage.secret, from: 'Platform' });
    await sent;
    // Saving the providers again (and again at once) does not send it a second time.
    await Promise.all([
      configureProvider(server, who.admin, 'nexmo', { api_key: vonage.key, api_secret: vonage.secret, from: 'Platform' }),
      configureProvider(server, who.admin, 'twilio', { account_sid: twilio.sid, auth_token: twilio.token, from: '+15005550006' }),
    ]);
    await eventsSettled(server);
    await server.services.messages.requeued();
    const stored = (await server.api.get(`/messages/${id}`, { token: who.manager.token })).body;
    expect(stored).toMatchObject({ status: 'sent', additional_data: { delivery: { state: 'sent', provider: 'nexmo' } } });
    expect(providers.of('vonage').map((r) => [r.body.to, r.body.text])).toEqual([['14155550199', text]]);
  });
});
