import { MessageMessages, MessageSchema, listEnvelope, type PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPost, makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let contactId: number;
let postId: number;
const sockets: TestSocket[] = [];
const open = async (token?: string) => {
  const socket = await connectSocket(server.url, token ? { token } : {});
  sockets.push(socket);
  return socket;
};
const MessageList = listEnvelope(MessageSchema);
const M = MessageMessages;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  contactId = (
    await server.ctx.db
      .insertInto('contacts')
      .values({ user_id: null, type: 'phone', contact: '+254700000001', data_source: 'smssync' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  postId = await insertPost(server, { status: 'published', source: 'sms', contact_id: contactId });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const isMessage = (id?: number) => (e: PushedEvent) => e.type === 'message.created' && (id === undefined || e.aggregate_id === String(id));

describe('messages', () => {
  it('stores incoming messages and pushes them to message readers only', async () => {
    const managerSocket = await open(who.manager.token);
    const memberSocket = await open(who.member.token);
    const anonymousSocket = await open();
    const received = [];
    for (let i = 1; i <= 12; i++) {
      received.push(
        await server.services.messages.receive({
          contactId,
          message: `Incoming ${i}`,
          type: 'sms',
          dataSource: 'smssync',
          dataSourceMessageId: `sms-${i}`,
          postId: i === 1 ? postId : null,
        }),
      );
    }
    await managerSocket.waitFor(isMessage(), 12);
    const first = managerSocket.events.find(isMessage(received[0]!.id))!;
    expect(first.payload).toEqual({
      id: received[0]!.id,
      contact_id: contactId,
      post_id: postId,
      parent_id: null,
      direction: 'incoming',
      status: 'received',
    });
    expect(managerSocket.events.filter(isMessage()).map((e) => Number(e.aggregate_id))).toEqual(received.map((m) => m.id));
    // Members and anonymous watchers never hear of messages.
    await server.api.put('/config/site', { description: 'marker' }, { token: who.admin });
    for (const s of [memberSocket, anonymousSocket]) {
      await s.waitFor((e) => e.type === 'config.updated');
      expect(s.events.some(isMessage())).toBe(false);
    }
  });

  it('pages a contact thread five at a time, oldest first', async () => {
    const page = async (offset: number) => {
      const res = await server.api.get(`/messages?contact=${contactId}&offset=${offset}&limit=5&order=asc&orderby=created`, {
        token: who.manager.token,
      });
      expectStatus(res, 200);
      return MessageList.parse(res.body);
    };
    const first = await page(0);
    expect(first.total_count).toBe(12);
    expect(first.results.map((m) => m.message)).toEqual(['Incoming 1', 'Incoming 2', 'Incoming 3', 'Incoming 4', 'Incoming 5']);
    expect(first.results[0]).toMatchObject({
      direction: 'incoming',
      status: 'received',
      contact: '+254700000001',
      contact_type: 'phone',
      data_source: 'smssync',
      data_source_message_id: 'sms-1',
      post_id: postId,
    });
    expect((await page(5)).results.map((m) => m.message)).toEqual(['Incoming 6', 'Incoming 7', 'Incoming 8', 'Incoming 9', 'Incoming 10']);
    expect((await page(10)).results.map((m) => m.message)).toEqual(['Incoming 11', 'Incoming 12']);

    const inbox = await server.api.get(`/messages?box=inbox&q=Incoming 1`, { token: who.admin });
    expect(inbox.body.results.map((m: { message: string }) => m.message).sort()).toEqual([
      'Incoming 1',
      'Incoming 10',
      'Incoming 11',
      'Incoming 12',
    ]);
    expectStatus(await server.api.get('/messages?orderby=nonsense', { token: who.admin }), 422);
    expectStatus(await server.api.get('/messages?contact=abc', { token: who.admin }), 422);

    // The post a message came from.
    const first1 = first.results[0]!;
    const post = await server.api.get(`/messages/${first1.id}/post`, { token: who.manager.token });
    expectStatus(post, 200);
    expect(post.body.id).toBe(postId);
    expectStatus(await server.api.get(`/messages/${first.results[1]!.id}/post`, { token: who.manager.token }), 404);
  });

  it('is for Manage Posts and admins only', async () => {
    expectStatus(await server.api.get(`/messages?contact=${contactId}`), 401);
    expectStatus(await server.api.get(`/messages?contact=${contactId}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/messages?contact=${contactId}`, { token: who.member.token }), 403);
    expectStatus(
      await server.api.post('/messages', { message: 'hello', direction: 'outgoing', contact_id: contactId }, { token: who.member.token }),
      403,
    );
    expectStatus(await server.api.get(`/messages?contact=${contactId}`, { token: who.manager.token }), 200);
    expectStatus(await server.api.get('/messages/999999', { token: who.admin }), 404);
  });

  it('validates replies with the spec’s rules', async () => {
    const reply = (body: Record<string, unknown>) => server.api.post('/messages', body, { token: who.manager.token });
    const expectField = async (body: Record<string, unknown>, pointer: string, message: string) => {
      const res = await reply(body);
      expectStatus(res, 422);
      expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
    };
    await expectField({ direction: 'outgoing', contact_id: contactId }, '/message', M.messageRequired);
    await expectField({ message: '   ', direction: 'outgoing', contact_id: contactId }, '/message', M.messageRequired);
    await expectField({ message: 'a', direction: 'outgoing', contact_id: contactId }, '/message', M.messageTooShort);
    await expectField({ message: 'x'.repeat(141), direction: 'outgoing', contact_id: contactId }, '/message', M.messageTooLong);
    await expectField({ message: 'hello', direction: 'incoming', contact_id: contactId }, '/direction', M.directionInvalid);
    await expectField({ message: 'hello', direction: 'outgoing' }, '/contact_id', M.contactRequired);
    await expectField({ message: 'hello', direction: 'outgoing', contact_id: 999999 }, '/contact_id', M.contactMissing(999999));
    await expectField({ message: 'hello', direction: 'outgoing', parent_id: 999999 }, '/parent_id', M.parentMissing(999999));
    await expectField({ message: 'hello', direction: 'outgoing', contact_id: contactId, type: 'fax' }, '/type', M.typeInvalid);
    const malformed = await server.api.request('POST', '/messages', {
      token: who.manager.token,
      raw: '{"message":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([400, 422]).toContain(malformed.status);

    expectStatus(await reply({ message: 'ok', direction: 'outgoing', contact_id: contactId }), 200);
    expectStatus(await reply({ message: 'x'.repeat(140), direction: 'outgoing', contact_id: contactId }), 200);
  });

  it('stores a reply as pending, pushes it and queues its delivery, which records that no provider can send it', async () => {
    const managerSocket = await open(who.manager.token);
    const parent = (await server.api.get(`/messages?contact=${contactId}&limit=1&order=asc&orderby=created`, { token: who.manager.token }))
      .body.results[0];
    const res = await server.api.post(
      '/messages',
      { message: 'Thanks, help is on the way', direction: 'outgoing', parent_id: parent.id },
      { token: who.manager.token },
    );
    expectStatus(res, 200);
    const reply = MessageSchema.parse(res.body);
    expect(reply).toMatchObject({
      status: 'pending',
      direction: 'outgoing',
      user: { id: who.manager.id },
      contact_id: contactId,
      parent: { id: parent.id },
      type: 'sms',
      data_source: 'smssync',
      post_id: postId,
    });
    expect(reply.allowed_privileges).toEqual(expect.arrayContaining(['read', 'update']));
    const [pushed] = await managerSocket.waitFor(isMessage(reply.id));
    expect(pushed!.payload).toMatchObject({ direction: 'outgoing', status: 'pending', contact_id: contactId });

    // The delivery job ran and said why nothing was sent; the message waits, still pending.
    await expect
      .poll(
        async () => (await server.api.get(`/messages/${reply.id}`, { token: who.manager.token })).body.additional_data?.delivery?.state,
        {
          timeout: 10000,
        },
      )
      .toBe('no_provider');
    const after = (await server.api.get(`/messages/${reply.id}`, { token: who.manager.token })).body;
    expect(after.status).toBe('pending');
    expect(after.additional_data.delivery.reason).toBe('No provider is configured to deliver outgoing sms messages through smssync');

    // Outgoing messages change status; incoming ones are read-only; nothing is deleted.
    const cancelled = await server.api.put(`/messages/${reply.id}`, { status: 'cancelled' }, { token: who.manager.token });
    expectStatus(cancelled, 200);
    expect(cancelled.body.status).toBe('cancelled');
    expectStatus(await server.api.put(`/messages/${reply.id}`, { status: 'nonsense' }, { token: who.manager.token }), 422);
    expectStatus(await server.api.put(`/messages/${parent.id}`, { status: 'archived' }, { token: who.manager.token }), 403);
    expectStatus(await server.api.del(`/messages/${reply.id}`, { token: who.admin }), 405);

    // Admins may write on behalf of an existing user only.
    const onBehalf = await server.api.post(
      '/messages',
      { message: 'On behalf', direction: 'outgoing', contact_id: contactId, user_id: who.member.id },
      { token: who.admin },
    );
    expectStatus(onBehalf, 200);
    expect(onBehalf.body.user.id).toBe(who.member.id);
    expectStatus(
      await server.api.post(
        '/messages',
        { message: 'On behalf', direction: 'outgoing', contact_id: contactId, user_id: 999999 },
        { token: who.admin },
      ),
      422,
    );
  });
});
