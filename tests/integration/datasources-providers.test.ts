import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, type TestUser } from './helpers/factories';
import { makeCallers, expectStatus, type Callers } from './helpers/surveys';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;
let postManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
  postManager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
});
afterAll(() => server?.close());

describe('data providers (API-CONTRACT 14.8)', () => {
  it('are listed to admins and Manage Settings only', async () => {
    expect((await server.api.get('/dataproviders')).status).toBe(401);
    expectStatus(await server.api.get('/dataproviders', { token: who.client }), 403);
    expectStatus(await server.api.get('/dataproviders', { token: who.member.token }), 403);
    expectStatus(await server.api.get('/dataproviders/twilio', { token: postManager.token }), 403);
    expectStatus(await server.api.get('/dataproviders', { token: who.manager.token }), 200);
    expectStatus(await server.api.get('/dataproviders/twilio', { token: who.admin }), 200);
  });

  it('describe each provider: options with label, input, description and rules; services; inbound fields', async () => {
    const list = await server.api.get('/dataproviders', { token: who.admin });
    expect(list.body).toMatchObject({ count: 7, total_count: 7, offset: 0, order: 'asc', orderby: 'id' });
    expect(list.body.results.map((p: { id: string }) => p.id)).toEqual([
      'email',
      'frontlinesms',
      'nexmo',
      'outgoingemail',
      'smssync',
      'twilio',
      'twitter',
    ]);
    const twilio = (await server.api.get('/dataproviders/twilio', { token: who.manager.token })).body;
    expect(twilio).toMatchObject({
      id: 'twilio',
      url: `${server.url}/api/v3/dataproviders/twilio`,
      name: 'Twilio',
      services: ['sms'],
      inbound_fields: { Message: 'text' },
      allowed_privileges: ['read', 'search'],
    });
    expect(Object.keys(twilio.options)).toEqual(['from', 'account_sid', 'auth_token', 'sms_auto_response']);
    expect(twilio.options.auth_token).toMatchObject({ label: 'Auth Token', input: 'text', rules: ['required', 'password'] });
    const email = (await server.api.get('/dataproviders/email', { token: who.admin })).body;
    expect(email.options.incoming_type).toMatchObject({ input: 'radio', options: ['POP', 'IMAP'] });
    expect(email.options.incoming_port.rules).toEqual(['required', 'number']);
    expect(email.inbound_fields).toEqual({ Subject: 'text', Date: 'datetime', Message: 'text' });
    expect((await server.api.get('/dataproviders/smssync', { token: who.admin })).body.inbound_fields).toEqual({
      Message: 'text',
      Date: 'datetime',
    });
    expectStatus(await server.api.get('/dataproviders/pigeon', { token: who.admin }), 404);
    expectStatus(await server.api.request('POST', '/dataproviders', { token: who.admin, body: {} }), 405);
  });

  it('keep their switches, credentials and survey mapping in config/data-provider, readable by settings managers only', async () => {
    const saved = await server.api.put(
      '/config/data-provider',
      {
        providers: { smssync: true, email: true, twilio: true },
        twilio: { account_sid: 'AC1', auth_token: 'secret-token', from: '+15005550006', form_id: 3, inbound_fields: { Message: 'title' } },
      },
      { token: who.manager.token },
    );
    expectStatus(saved, 200);
    const read = await server.api.get('/config/data-provider', { token: who.manager.token });
    expect(read.body.providers).toMatchObject({ twilio: true, nexmo: false });
    expect(read.body.twilio).toEqual({
      account_sid: 'AC1',
      auth_token: 'secret-token',
      from: '+15005550006',
      form_id: 3,
      inbound_fields: { Message: 'title' },
    });
    expectStatus(await server.api.get('/config/data-provider', { token: postManager.token }), 403);
    expectStatus(await server.api.get('/config/data-provider', { token: who.member.token }), 403);
    expect((await server.api.get('/config/data-provider')).status).toBe(401);
    const features = await server.api.get('/config/features');
    expect(features.body['data-providers']).toMatchObject({ twilio: true, smssync: true, nexmo: true, frontlinesms: true });
  });
  it('take in the switches sent and keep the others, so two administrators saving different providers at once both stay', async () => {
    const put = (providers: Record<string, boolean>) => server.api.put('/config/data-provider', { providers }, { token: who.admin });
    expectStatus(await put({ smssync: false, email: false, twilio: false, nexmo: false, frontlinesms: false, twitter: false }), 200);
    const [a, b] = await Promise.all([put({ nexmo: true }), put({ frontlinesms: true })]);
    expectStatus(a, 200);
    expectStatus(b, 200);
    const read = await server.api.get('/config/data-provider', { token: who.admin });
    expect(read.body.providers).toMatchObject({ nexmo: true, frontlinesms: true, smssync: false, twilio: false });
    // A whole map, as the legacy client sends it, still says everything.
    expectStatus(await put({ smssync: true, email: false, twilio: false, nexmo: false, frontlinesms: false, twitter: false }), 200);
    expect((await server.api.get('/config/data-provider', { token: who.admin })).body.providers).toMatchObject({
      smssync: true,
      nexmo: false,
      frontlinesms: false,
    });
  });
});
