import type { PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { configureProvider, incomingFrom, postForm, signTwilio } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let managerSocket: TestSocket;
let form: { id: number };
let noteKey: string;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  form = await newForm(server, who.admin, { require_approval: true });
  const stage = await newStage(server, who.admin, form.id);
  noteKey = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'varchar', input: 'text', label: 'Report text' })).key;
  managerSocket = await connectSocket(server.url, { token: who.manager.token });
});
afterAll(async () => {
  managerSocket?.close();
  await server?.close();
});

const created = (type: string) => (e: PushedEvent) => e.type === type;
const postsOfSource = (source: string) =>
  server.ctx.db
    .selectFrom('posts')
    .select(['id', 'title', 'content', 'status', 'source', 'form_id', 'message_id', 'contact_id', 'values'])
    .where('source', '=', source)
    .orderBy('id')
    .execute();

describe('SMSSync gateway', () => {
  const secret = 'sync-secret-1';
  beforeAll(() => configureProvider(server, who.admin, 'smssync', { secret }));

  it('stores a message posted as SMSSync posts it, once however often the phone retries', async () => {
    const fields = {
      secret,
      from: '+254 712 345 678',
      message: 'Bridge on the Nairobi road is flooded',
      sent_to: '+254700000000',
      sent_timestamp: '1764152000000',
      message_id: unique('sync-'),
    };
    const first = await postForm(server, '/sms/smssync', fields);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ payload: { success: true, error: null } });
    // The phone retries, some of the retries at the same time.
    const retries = await Promise.all(Array.from({ length: 40 }, () => postForm(server, '/smssync', fields)));
    expect(retries.map((r) => r.status)).toEqual(Array(40).fill(200));
    const rows = (await incomingFrom(server, 'smssync')).filter((m) => m.data_source_message_id === fields.message_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: fields.message, contact: '+254712345678', contact_type: 'phone', post_id: null });
    expect(rows[0]!.datetime?.toISOString()).toBe(new Date(1764152000000).toISOString());
    await managerSocket.waitFor((e) => e.type === 'message.created' && e.aggregate_id === String(rows[0]!.id));
  });

  it('takes GET requests and senders without a message id, deduplicated by sender, text and sent time', async () => {
    const query = new URLSearchParams({ secret, from: 'MPESA', message: 'Balance low', sent_timestamp: '1764152100000' });
    for (let i = 0; i < 3; i++)
      expect((await server.api.get(`${server.url}/sms/smssync?${query}`)).body).toEqual({ payload: { success: true, error: null } });
    const later = new URLSearchParams({ secret, from: 'MPESA', message: 'Balance low', sent_timestamp: '1764152200000' });
    expect((await server.api.get(`${server.url}/sms/smssync?${later}`)).status).toBe(200);
    const rows = (await incomingFrom(server, 'smssync')).filter((m) => m.contact === 'MPESA');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ contact_type: 'phone', message: 'Balance low' });
  });

  it('refuses a wrong or missing secret with 403 and stores nothing; a missing sender or text is 400', async () => {
    const before = (await incomingFrom(server, 'smssync')).length;
    const wrong = await postForm(server, '/sms/smssync', { secret: 'nope', from: '+254712345678', message: 'hello there' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ payload: { success: false, error: 'Incorrect or missing secret key' } });
    const missing = await postForm(server, '/smssync', { from: '+254712345678', message: 'hello there' });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ payload: { success: false, error: 'Incorrect or missing secret key' } });
    const noText = await postForm(server, '/sms/smssync', { secret, from: '+254712345678' });
    expect(noText.status).toBe(400);
    expect(noText.body).toEqual({ payload: { success: false, error: 'Missing from or message' } });
    expect((await postForm(server, '/sms/smssync', { secret, message: 'who am I' })).status).toBe(400);
    expect(await incomingFrom(server, 'smssync')).toHaveLength(before);
  });

  it('hands replies to the phone on task=send, twenty at most, each once', async () => {
    const from = '+254722000111';
    expectStatus(await postForm(server, '/sms/smssync', { secret, from, message: 'Need water', message_id: unique('sync-') }), 200);
    const [incoming] = (await incomingFrom(server, 'smssync')).filter((m) => m.contact === from);
    const replies: number[] = [];
    for (const text of ['Help is coming', 'Stay where you are']) {
      const res = await server.api.post(
        '/messages',
        { message: text, direction: 'outgoing', parent_id: incoming!.id },
        { token: who.manager.token },
      );
      expectStatus(res, 200);
      replies.push(res.body.id as number);
    }
    // The delivery job leaves them for the phone.
    for (const id of replies)
      await managerSocket.waitFor(
        (e) => e.type === 'message.updated' && e.aggregate_id === String(id) && e.payload.status === 'pending_poll',
      );
    expect((await server.api.get(`${server.url}/sms/smssync?task=send&secret=wrong`)).status).toBe(403);
    const poll = await server.api.get(`${server.url}/sms/smssync?task=send&secret=${secret}`);
    expect(poll.status).toBe(200);
    expect(poll.body.payload).toMatchObject({ task: 'send', success: true, secret });
    expect(poll.body.payload.messages).toEqual([
      { to: from, message: 'Help is coming', message_id: String(replies[0]), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { to: from, message: 'Stay where you are', message_id: String(replies[1]), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    const again = await server.api.get(`${server.url}/smssync?task=send&secret=${secret}`);
    expect(again.body.payload.messages).toEqual([]);
    const sent = await server.api.get(`/messages/${replies[0]}`, { token: who.manager.token });
    expect(sent.body.status).toBe('sent');
    await managerSocket.waitFor(
      (e) => e.type === 'message.updated' && e.aggregate_id === String(replies[1]) && e.payload.status === 'sent',
    );
  });
});

describe('FrontlineSMS gateway', () => {
  const secret = 'frontline-secret';
  beforeAll(() => configureProvider(server, who.admin, 'frontlinesms', { secret, key: 'api-key', server_url: 'http://127.0.0.1:9/' }));

  it('stores a message once, although FrontlineSMS sends neither an id nor a time', async () => {
    const fields = { secret, from: '0712345678', message: `Clinic closed ${unique()}` };
    for (let i = 0; i < 5; i++)
      expect((await postForm(server, '/frontlinesms', fields)).body).toEqual({ payload: { success: true, error: null } });
    const rows = (await incomingFrom(server, 'frontlinesms')).filter((m) => m.message === fields.message);
    expect(rows).toHaveLength(1);
    // A number without a country code is kept as sent.
    expect(rows[0]!.contact).toBe('0712345678');
  });

  it('refuses a wrong secret (403) and missing fields (400)', async () => {
    const wrong = await postForm(server, '/sms/frontlinesms', { secret: 'x', from: '+254712345678', message: 'hi there' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ payload: { success: false, error: 'Incorrect or missing secret key' } });
    expect((await postForm(server, '/sms/frontlinesms', { secret, message: 'hi there' })).status).toBe(400);
    expect((await incomingFrom(server, 'frontlinesms')).filter((m) => m.message === 'hi there')).toHaveLength(0);
  });
});

describe('Twilio gateway', () => {
  const accountSid = 'AC0123456789abcdef0123456789abcdef';
  const authToken = 'twilio-auth-token';

  it('checks the signature, answers TwiML and makes one message and one post in the mapped survey', async () => {
    await configureProvider(server, who.admin, 'twilio', {
      account_sid: accountSid,
      auth_token: authToken,
      from: '+15005550006',
      sms_auto_response: 'Thanks, we got your report & will act',
      form_id: form.id,
      inbound_fields: { Message: noteKey },
    });
    const fields = {
      AccountSid: accountSid,
      MessageSid: unique('SM'),
      From: '+14155552671',
      To: '+15005550006',
      Body: 'Fire near the market square, two houses burning',
      NumMedia: '0',
    };
    const url = `${server.url}/sms/twilio`;
    const signature = signTwilio(authToken, url, fields);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => postForm(server, '/sms/twilio', fields, { 'X-Twilio-Signature': signature })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers[0]!.headers.get('content-type')).toContain('text/xml');
    expect(answers[0]!.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Thanks, we got your report &amp; will act</Message></Response>',
    );
    const rows = (await incomingFrom(server, 'twilio')).filter((m) => m.data_source_message_id === fields.MessageSid);
    expect(rows).toHaveLength(1);
    const posts = (await postsOfSource('sms')).filter((p) => p.message_id === rows[0]!.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      title: fields.Body,
      content: fields.Body,
      status: 'draft',
      form_id: form.id,
      values: { [noteKey]: [fields.Body] },
    });
    expect(rows[0]!.post_id).toBe(posts[0]!.id);
    const post = await server.api.get(`/messages/${rows[0]!.id}/post`, { token: who.manager.token });
    expect(post.body).toMatchObject({ id: posts[0]!.id, source: 'sms', contact: { id: posts[0]!.contact_id } });
    await managerSocket.waitFor((e) => created('post.created')(e) && e.aggregate_id === String(posts[0]!.id));
  });

  it('refuses a wrong signature or account and stores nothing', async () => {
    const fields = { AccountSid: accountSid, MessageSid: unique('SM'), From: '+14155552671', To: '+15005550006', Body: 'forged message' };
    const forged = await postForm(server, '/sms/twilio/reply', fields, {
      'X-Twilio-Signature': signTwilio('other-token', `${server.url}/sms/twilio/reply`, fields),
    });
    expect(forged.status).toBe(403);
    expect((await postForm(server, '/sms/twilio', fields)).status).toBe(403);
    const wrongAccount = { ...fields, AccountSid: 'AC-someone-else' };
    const refused = await postForm(server, '/sms/twilio', wrongAccount, {
      'X-Twilio-Signature': signTwilio(authToken, `${server.url}/sms/twilio`, wrongAccount),
    });
    expect(refused.status).toBe(403);
    expect((await incomingFrom(server, 'twilio')).filter((m) => m.message === 'forged message')).toHaveLength(0);
  });

  it('without an auth token or mapping: no signature needed, an empty answer, a message and no post; WhatsApp senders', async () => {
    await configureProvider(server, who.admin, 'twilio', {
      account_sid: accountSid,
      auth_token: '',
      sms_auto_response: '',
      form_id: null,
      inbound_fields: {},
    });
    const fields = {
      AccountSid: accountSid,
      MessageSid: unique('SM'),
      From: 'whatsapp:+14155552672',
      To: 'whatsapp:+15005550006',
      Body: 'Water is rising',
    };
    const res = await postForm(server, '/sms/twilio/', fields);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const [row] = (await incomingFrom(server, 'twilio')).filter((m) => m.data_source_message_id === fields.MessageSid);
    expect(row).toMatchObject({ contact: '+14155552672', contact_type: 'whatsapp', post_id: null });
  });

  it('stores a burst from many senders, written together, each message once; a NUL character is dropped, not a 500', async () => {
    const sids = Array.from({ length: 60 }, () => unique('SMburst'));
    const send = (sid: string, n: number, body = `Burst report ${sid}`) =>
      postForm(server, '/sms/twilio', {
        AccountSid: accountSid,
        MessageSid: sid,
        From: `+1415555${String(1000 + n)}`,
        To: '+15005550006',
        Body: body,
      });
    // Every message twice, the retry from another sender number, all at once.
    const answers = await Promise.all([...sids.map((sid, n) => send(sid, n)), ...sids.map((sid, n) => send(sid, n + 60))]);
    expect(answers.map((a) => a.status)).toEqual(Array(120).fill(200));
    const rows = (await incomingFrom(server, 'twilio')).filter((m) => sids.includes(m.data_source_message_id ?? ''));
    expect(rows.map((r) => r.data_source_message_id).sort()).toEqual([...sids].sort());
    const nul = unique('SMnul');
    expect((await send(nul, 0, 'Road\u0000 blocked')).status).toBe(200);
    expect((await incomingFrom(server, 'twilio')).find((m) => m.data_source_message_id === nul)?.message).toBe('Road blocked');
  });

  it('makes one contact of new senders whose messages arrive together, and announces each message once', async () => {
    await configureProvider(server, who.admin, 'twilio', { account_sid: accountSid, auth_token: '', form_id: null, inbound_fields: {} });
    // Three new senders, eight messages each, all at once: they are written in shared groups.
    const senders = Array.from({ length: 3 }, (_, n) => `+1415557${String(process.pid % 1000).padStart(3, '0')}${n}`);
    const sids = senders.flatMap((from) => Array.from({ length: 8 }, () => ({ from, sid: unique('SMsame') })));
    const answers = await Promise.all(
      sids.map(({ from, sid }) =>
        postForm(server, '/sms/twilio', { AccountSid: accountSid, MessageSid: sid, From: from, To: '+15005550006', Body: `From ${from}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(sids.length).fill(200));
    const contacts = await server.ctx.db.selectFrom('contacts').select(['id', 'contact']).where('contact', 'in', senders).execute();
    expect(contacts.map((c) => c.contact).sort()).toEqual([...senders].sort());
    const rows = await server.ctx.db
      .selectFrom('messages')
      .select(['id', 'contact_id', 'data_source_message_id'])
      .where(
        'data_source_message_id',
        'in',
        sids.map((s) => s.sid),
      )
      .execute();
    expect(rows).toHaveLength(sids.length);
    const contactOf = new Map(contacts.map((c) => [c.contact, c.id]));
    for (const { from, sid } of sids) expect(rows.find((r) => r.data_source_message_id === sid)?.contact_id).toBe(contactOf.get(from));
    const events = await server.ctx.db
      .selectFrom('events')
      .select('aggregate_id')
      .where('type', '=', 'message.created')
      .where(
        'aggregate_id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    expect(events.map((e) => Number(e.aggregate_id)).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
  });
});

describe('Nexmo gateway', () => {
  it('reads the query, a form or JSON and answers {success: true}', async () => {
    await configureProvider(server, who.admin, 'nexmo', { from: 'Platform', api_key: 'k', api_secret: 's' });
    const base = { msisdn: '447911123456', to: '447700900000', text: 'Tree fell on the road' };
    const viaQuery = await server.api.get(`${server.url}/sms/nexmo?${new URLSearchParams({ ...base, messageId: 'nx-1' })}`);
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body).toEqual({ success: true });
    expect((await postForm(server, '/sms/nexmo/reply', { ...base, messageId: 'nx-2' })).body).toEqual({ success: true });
    const viaJson = await server.api.request('POST', `${server.url}/nexmo`, { body: { ...base, messageId: 'nx-3' } });
    expect(viaJson.body).toEqual({ success: true });
    // Vonage retries: the same messageId again.
    expect((await postForm(server, '/nexmo', { ...base, messageId: 'nx-3' })).status).toBe(200);
    const rows = await incomingFrom(server, 'nexmo');
    expect(rows.map((r) => r.data_source_message_id)).toEqual(['nx-1', 'nx-2', 'nx-3']);
    expect(rows[0]!.contact).toBe('+447911123456');
  });

  it('answers 400 Invalid message without messageId, text or msisdn', async () => {
    for (const missing of ['messageId', 'text', 'msisdn']) {
      const fields: Record<string, string> = { msisdn: '447911123456', text: 'hello', messageId: unique('nx-') };
      delete fields[missing];
      const res = await postForm(server, '/sms/nexmo', fields);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Invalid message' });
    }
  });

  it('stores nothing and says so when the provider is switched off', async () => {
    await configureProvider(server, who.admin, 'nexmo', { from: 'Platform', api_key: 'k', api_secret: 's' }, false);
    const res = await postForm(server, '/sms/nexmo', { msisdn: '447911123456', text: 'while off', messageId: unique('nx-') });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'The Nexmo data source is not enabled' });
    expect((await incomingFrom(server, 'nexmo')).filter((m) => m.message === 'while off')).toHaveLength(0);
  });

  it('treats a provider the plan does not offer as switched off', async () => {
    await configureProvider(server, who.admin, 'frontlinesms', { secret: 'plan-secret' }, true);
    await server.ctx.db
      .insertInto('config')
      .values({ group_name: 'features', key: 'data-providers', value: JSON.stringify({ frontlinesms: false }) })
      .onConflict((oc) => oc.columns(['group_name', 'key']).doUpdateSet({ value: JSON.stringify({ frontlinesms: false }) }))
      .execute();
    server.ctx.settings.invalidate('features');
    const res = await postForm(server, '/frontlinesms', { secret: 'plan-secret', from: '+254712345678', message: 'not on this plan' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ payload: { success: false, error: 'The FrontlineSMS data source is not enabled' } });
    expect((await incomingFrom(server, 'frontlinesms')).filter((m) => m.message === 'not on this plan')).toHaveLength(0);
  });
});
