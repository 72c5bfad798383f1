import type { PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { configureProvider } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { startSmsProviders } from './helpers/sms-providers';
import { startSmtpServer } from './helpers/smtp';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

const twilio = { sid: 'AC00000000000000000000000000000001', token: 'twilio-secret-token' };
const vonage = { key: 'vonage-key', secret: 'vonage-secret' };
const frontlineKey = 'frontline-api-key';

let server: TestServer & { close: () => Promise<void> };
let providers: Awaited<ReturnType<typeof startSmsProviders>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let who: PostCallers;
let socket: TestSocket;

beforeAll(async () => {
  providers = await startSmsProviders({ twilio, vonage, frontlineKey });
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      TWILIO_API_URL: providers.url,
      VONAGE_API_URL: providers.url,
      SMTP_URL: smtp.url,
      DATASOURCE_HTTP_TIMEOUT_MS: '1500',
      MESSAGE_DELIVERY_ATTEMPTS: '3',
      MESSAGE_DELIVERY_RETRY_DELAY_SECONDS: '1',
    },
  });
  who = await makePostCallers(server);
  socket = await connectSocket(server.url, { token: who.manager.token });
  await configureProvider(server, who.admin, 'twilio', { account_sid: twilio.sid, auth_token: twilio.token, from: '+15005550006' });
  await configureProvider(server, who.admin, 'nexmo', { api_key: vonage.key, api_secret: vonage.secret, from: 'Platform' });
  await configureProvider(server, who.admin, 'frontlinesms', { key: frontlineKey, secret: 'in-secret', server_url: `${providers.url}/` });
  await configureProvider(server, who.admin, 'outgoingemail', {});
});
afterAll(async () => {
  socket?.close();
  await server?.close();
  await providers?.close();
  await smtp?.close();
});

async function contact(type: string, address: string, dataSource: string): Promise<number> {
  const row = await server.ctx.db
    .insertInto('contacts')
    .values({ user_id: null, type, contact: address, data_source: dataSource })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function reply(contactId: number, message: string): Promise<number> {
  const res = await server.api.post('/messages', { message, direction: 'outgoing', contact_id: contactId }, { token: who.manager.token });
  expectStatus(res, 200);
  return res.body.id as number;
}

/** Waits for the pushed delivery state of one message (the thread's live update). */
const settled = async (id: number, status: string) =>
  (
    await socket.waitFor(
      (e: PushedEvent) => e.type === 'message.updated' && e.aggregate_id === String(id) && e.payload.status === status,
      1,
      20000,
    )
  )[0]!;

const stored = async (id: number) => (await server.api.get(`/messages/${id}`, { token: who.manager.token })).body;
const requestsFor = (provider: 'twilio' | 'vonage' | 'frontlinesms', text: string) =>
  providers.of(provider).filter((r) => JSON.stringify(r.body).includes(text));

describe('outgoing delivery', () => {
  it('sends through Twilio’s Messages resource, form-encoded with basic auth, and records the sid', async () => {
    const text = `Help is on the way ${unique()}`;
    const id = await reply(await contact('phone', '+14155550101', 'twilio'), text);
    await settled(id, 'sent');
    const [request, ...more] = requestsFor('twilio', text);
    expect(more).toEqual([]);
    expect(request!.path).toBe(`/2010-04-01/Accounts/${twilio.sid}/Messages.json`);
    expect(request!.body).toEqual({ To: '+14155550101', From: '+15005550006', Body: text });
    const message = await stored(id);
    expect(message.status).toBe('sent');
    expect(message.additional_data.delivery).toMatchObject({
      state: 'sent',
      provider: 'twilio',
      provider_message_id: expect.stringMatching(/^SMtwilio-/),
    });
  });

  it('addresses WhatsApp contacts as whatsapp: on both ends', async () => {
    const text = `WhatsApp reply ${unique()}`;
    const id = await reply(await contact('whatsapp', '+14155550102', 'twilio'), text);
    await settled(id, 'sent');
    expect(requestsFor('twilio', text)[0]!.body).toMatchObject({ To: 'whatsapp:+14155550102', From: 'whatsapp:+15005550006' });
  });

  it('marks a message Twilio refuses as failed with Twilio’s error, without retrying', async () => {
    const text = `Refused ${unique()}`;
    providers.script('twilio', [
      { status: 400, body: { code: 21211, message: "The 'To' number +1 is not a valid phone number.", status: 400 } },
    ]);
    const id = await reply(await contact('phone', '+14155550103', 'twilio'), text);
    await settled(id, 'failed');
    expect((await stored(id)).additional_data.delivery).toMatchObject({
      state: 'failed',
      error: "Twilio answered 400: The 'To' number +1 is not a valid phone number.",
    });
    expect(requestsFor('twilio', text)).toHaveLength(1);
  });

  it('retries after a 503 and sends once the provider is back', async () => {
    const text = `Retried ${unique()}`;
    providers.script('twilio', [{ status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } }]);
    const id = await reply(await contact('phone', '+14155550104', 'twilio'), text);
    await settled(id, 'sent');
    expect(requestsFor('twilio', text)).toHaveLength(2);
    expect((await stored(id)).additional_data.delivery).toMatchObject({ state: 'sent', attempts: 2, error: null });
  });

  it('gives up as failed after the configured attempts', async () => {
    const text = `Never ${unique()}`;
    const down = { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } };
    providers.script('twilio', [down, down, down]);
    const id = await reply(await contact('phone', '+14155550105', 'twilio'), text);
    await settled(id, 'failed');
    expect(requestsFor('twilio', text)).toHaveLength(3);
    expect((await stored(id)).additional_data.delivery).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'Twilio answered 500: Internal Server Error',
    });
  });

  it('records a timeout as uncertain instead of sending twice', async () => {
    const text = `Timed out ${unique()}`;
    providers.script('twilio', ['hang']);
    const id = await reply(await contact('phone', '+14155550106', 'twilio'), text);
    await settled(id, 'unknown');
    expect((await stored(id)).additional_data.delivery).toMatchObject({ state: 'uncertain', provider: 'twilio' });
    expect(requestsFor('twilio', text)).toHaveLength(1);
  });

  it('after a crash between sending and recording, records the message as uncertain and does not send again', async () => {
    const text = `Crashed ${unique()}`;
    const contactId = await contact('phone', '+14155550107', 'twilio');
    // What a worker killed mid-request leaves: the attempt written, its outcome not.
    const { id } = await server.ctx.db
      .insertInto('messages')
      .values({
        contact_id: contactId,
        message: text,
        type: 'sms',
        status: 'pending',
        direction: 'outgoing',
        data_source: 'twilio',
        data_source_message_id: null,
        parent_id: null,
        post_id: null,
        user_id: null,
        title: null,
        additional_data: JSON.stringify({ delivery: { state: 'sending', provider: 'twilio', attempts: 1 } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.services.messages.deliver(id);
    expect((await stored(id)).status).toBe('unknown');
    expect((await stored(id)).additional_data.delivery.state).toBe('uncertain');
    expect(requestsFor('twilio', text)).toHaveLength(0);
  });

  it('sends through Vonage’s SMS API and fails on its error statuses', async () => {
    const text = `Vonage reply ${unique()}`;
    const id = await reply(await contact('phone', '+447911123456', 'nexmo'), text);
    await settled(id, 'sent');
    expect(requestsFor('vonage', text)[0]!.body).toEqual({
      api_key: vonage.key,
      api_secret: vonage.secret,
      from: 'Platform',
      to: '447911123456',
      text,
      'client-ref': String(id),
    });
    expect((await stored(id)).additional_data.delivery.provider_message_id).toMatch(/^vonage-/);

    const refused = `Vonage refused ${unique()}`;
    providers.script('vonage', [
      { status: 200, body: { 'message-count': '1', messages: [{ status: '6', 'error-text': 'Unroutable message' }] } },
    ]);
    const failed = await reply(await contact('phone', '+447911123457', 'nexmo'), refused);
    await settled(failed, 'failed');
    expect((await stored(failed)).additional_data.delivery.error).toBe('Nexmo status 6: Unroutable message');
  });

  it('sends through the FrontlineSMS webhook with the documented JSON', async () => {
    const text = `Frontline reply ${unique()}`;
    const id = await reply(await contact('phone', '+254712000001', 'frontlinesms'), text);
    await settled(id, 'sent');
    expect(requestsFor('frontlinesms', text)[0]!.body).toEqual({
      apiKey: frontlineKey,
      payload: { message: text, recipients: [{ type: 'mobile', value: '+254712000001' }] },
    });
  });

  it('sends e-mail replies over SMTP', async () => {
    const text = `Mail reply ${unique()}`;
    const address = `${unique('reporter')}@example.org`;
    const id = await reply(await contact('email', address, 'email'), text);
    await settled(id, 'sent');
    const mail = await smtp.waitForMail((m) => (m.text ?? '').includes(text));
    expect(mail.to).toMatchObject({ value: [{ address }] });
  });
});
