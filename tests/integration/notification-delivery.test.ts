import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, unique, type TestUser } from './helpers/factories';
import { configureProvider } from './helpers/gateways';
import { insertPost, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { eventsSettled, startTestServer, type TestServer } from './helpers/server';
import { recipients, startSmtpServer } from './helpers/smtp';
import { expectStatus } from './helpers/surveys';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let reader: TestUser;
let readerEmail: string;
let mutedEmail: string;
let phone: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://reports.example.org' } });
  who = await makePostCallers(server);
  reader = await createUser(server, { realname: 'Rita Reader' });
  readerEmail = `${unique('rita')}@example.org`;
  mutedEmail = `${unique('muted')}@example.org`;
  phone = '+254711000222';
  for (const [type, contact, can_notify] of [
    ['email', readerEmail, true],
    ['email', mutedEmail, false],
    ['phone', phone, true],
  ] as const) {
    expectStatus(await server.api.post('/contacts', { type, contact, can_notify }, { token: reader.token }), 200);
  }
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Sets made directly as rows, so these tests depend on delivery only (the API is in collections.test.ts). */
async function createSet(values: { search?: boolean; filter?: Record<string, unknown> } = {}) {
  const name = unique(values.search ? 'Search ' : 'Collection ');
  const row = await server.ctx.db
    .insertInto('sets')
    .values({ name, search: values.search ?? false, filter: values.filter ? JSON.stringify(values.filter) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

async function subscribe(user: TestUser, set: number) {
  expectStatus(await server.api.post('/notifications', { set }, { token: user.token }), 200);
}

const deliveries = (postId: number) =>
  server.ctx.db
    .selectFrom('notification_deliveries')
    .innerJoin('contacts', 'contacts.id', 'notification_deliveries.contact_id')
    .select(['notification_deliveries.id', 'channel', 'status', 'attempts', 'last_error', 'contacts.contact', 'set_id', 'message_id'])
    .where('post_id', '=', postId)
    .orderBy('notification_deliveries.id')
    .execute();

/** Limits a set to a role nobody here has (API-CONTRACT 12), as an owner may do after others subscribed. */
const restrict = async (setId: number) => {
  await server.ctx.db
    .updateTable('sets')
    .set({ role: [await createRole(server, [])] })
    .where('id', '=', setId)
    .execute();
};

const addToCollection = (setId: number, postId: number) =>
  server.ctx.tx(async (trx) => {
    await trx.insertInto('posts_sets').values({ set_id: setId, post_id: postId }).execute();
    return server.services.notificationDelivery.postEnteredSet(trx, setId, postId);
  });

/** The SMSSync phone's poll for messages to send (`task=send`), as the app asks for them. */
const pollSmsSync = async (secret: string) => {
  const poll = await server.api.get(`${server.url}/sms/smssync?task=send&secret=${secret}`);
  expect(poll.status).toBe(200);
  return poll.body.payload.messages as { to: string; message: string; message_id: string }[];
};

describe('notification delivery', () => {
  it('e-mails the subscriber’s notifiable contacts when a post enters a collection, and texts their phone', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    const postId = await insertPost(server, { status: 'published', title: 'Bridge washed away', content: 'The river rose overnight.' });

    expect(await addToCollection(collection.id, postId)).toBe(2);
    const mail = await smtp.waitForMail((m) => m.subject === `New post in ${collection.name}: Bridge washed away`);
    expect(recipients(mail)).toEqual([readerEmail]);
    expect(mail.text).toContain('Hello Rita Reader,');
    expect(mail.text).toContain(`collection "${collection.name}"`);
    expect(mail.text).toContain('The river rose overnight.');
    expect(mail.text).toContain(`Read it: https://reports.example.org/posts/${postId}`);

    await expect
      .poll(async () => (await deliveries(postId)).map((d) => [d.channel, d.contact, d.status]), { timeout: 10000 })
      .toEqual([
        ['email', readerEmail, 'sent'],
        ['sms', phone, 'sent'],
      ]);
    expect(smtp.messages.filter((m) => recipients(m).includes(mutedEmail))).toHaveLength(0);

    // The SMS became an outgoing message to the phone, waiting for an SMS provider: none is on yet.
    const sms = (await deliveries(postId))[1]!;
    const text = `New post in ${collection.name}: Bridge washed away https://reports.example.org/posts/${postId}`;
    await expect
      .poll(async () => {
        const row = await server.ctx.db
          .selectFrom('messages')
          .innerJoin('contacts', 'contacts.id', 'messages.contact_id')
          .select(['messages.message', 'messages.direction', 'messages.status', 'contacts.contact', 'messages.additional_data'])
          .where('messages.id', '=', sms.message_id!)
          .executeTakeFirstOrThrow();
        return [
          row.contact,
          row.direction,
          row.status,
          row.message,
          (row.additional_data as { delivery?: { state?: string } })?.delivery?.state,
        ];
      })
      .toEqual([phone, 'outgoing', 'pending', text, 'no_provider']);
    // Once an SMS provider is on, the phone that polls SMSSync gets it, once.
    await configureProvider(server, who.admin, 'smssync', { secret: 'notify-secret' });
    await expect
      .poll(async () => (await pollSmsSync('notify-secret')).filter((m) => m.message_id === String(sms.message_id)))
      .toEqual([expect.objectContaining({ to: phone, message: text })]);
    expect((await pollSmsSync('notify-secret')).filter((m) => m.message_id === String(sms.message_id))).toEqual([]);

    // Adding it again announces nothing new.
    expect(await server.ctx.tx((trx) => server.services.notificationDelivery.postEnteredSet(trx, collection.id, postId))).toBe(0);
    expect(await deliveries(postId)).toHaveLength(2);
  });

  it('texts, once SMS providers change, the SMS an earlier version left waiting for a provider', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    const postId = await insertPost(server, { status: 'published', title: 'Waited for a gateway' });
    const notification = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', reader.id)
      .where('set_id', '=', collection.id)
      .executeTakeFirstOrThrow();
    const contact = await server.ctx.db.selectFrom('contacts').select('id').where('contact', '=', phone).executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('notification_deliveries')
      .values({
        notification_id: notification.id,
        user_id: reader.id,
        set_id: collection.id,
        post_id: postId,
        contact_id: contact.id,
        channel: 'sms',
        status: 'waiting_for_provider',
      })
      .execute();
    await configureProvider(server, who.admin, 'smssync', { secret: 'notify-secret-2' });
    await expect.poll(async () => (await deliveries(postId)).map((d) => d.status), { timeout: 10000 }).toEqual(['sent']);
    const text = `New post in ${collection.name}: Waited for a gateway https://reports.example.org/posts/${postId}`;
    await expect
      .poll(async () => (await pollSmsSync('notify-secret-2')).filter((m) => m.message === text))
      .toEqual([expect.objectContaining({ to: phone, message_id: String((await deliveries(postId))[0]!.message_id) })]);
  });

  it('does not tell subscribers about posts they may not read', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    const draft = await insertPost(server, { status: 'draft', user_id: who.member.id, title: 'Private draft' });
    expect(await addToCollection(collection.id, draft)).toBe(0);
    expect(await deliveries(draft)).toHaveLength(0);
  });

  it('e-mails when a created or updated post starts matching a subscribed saved search, once', async () => {
    const keyword = unique('flood');
    const search = await createSet({ search: true, filter: { q: keyword, status: ['published'] } });
    await subscribe(reader, search.id);

    // Created matching: announced.
    const created = await server.api.post('/posts', postBody(null, { title: `Report ${keyword}`, status: 'published' }), {
      token: who.admin,
    });
    expectStatus(created, 200);
    const mail = await smtp.waitForMail((m) => m.subject === `New post in ${search.name}: Report ${keyword}`);
    expect(mail.text).toContain(`saved search "${search.name}"`);

    // Created as a draft (not matching status, nor readable by the subscriber): nothing; once
    // published it starts matching and is announced.
    const later = await server.api.post('/posts', postBody(null, { title: `Later ${keyword}`, status: 'draft' }), { token: who.admin });
    expectStatus(later, 200);
    const unrelated = await server.api.post('/posts', postBody(null, { title: 'Nothing to see', status: 'published' }), {
      token: who.admin,
    });
    expectStatus(unrelated, 200);
    expectStatus(await server.api.put(`/posts/${later.body.id}`, { status: 'published' }, { token: who.admin }), 200);
    await smtp.waitForMail((m) => m.subject === `New post in ${search.name}: Later ${keyword}`);
    await server.services.notificationDelivery.idle();
    expect(await deliveries(unrelated.body.id)).toHaveLength(0);

    // Further edits of a post that keeps matching announce nothing new.
    expectStatus(await server.api.put(`/posts/${created.body.id}`, { content: 'More details' }, { token: who.admin }), 200);
    await expect.poll(async () => (await deliveries(created.body.id)).map((d) => d.status), { timeout: 10000 }).toEqual(['sent', 'sent']);
    await server.services.notificationDelivery.idle();
    expect(await deliveries(created.body.id)).toHaveLength(2);
    expect(smtp.messages.filter((m) => m.subject === `New post in ${search.name}: Report ${keyword}`)).toHaveLength(1);
  });

  it('sends nothing for a collection the subscriber may no longer read (issue 26)', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    // Restricted to a role the subscriber does not have after they subscribed.
    await restrict(collection.id);
    const postId = await insertPost(server, { status: 'published', title: 'Behind the curtain' });
    expect(await addToCollection(collection.id, postId)).toBe(0);
    expect(await deliveries(postId)).toHaveLength(0);
  });

  it('sends nothing for a saved search the subscriber may no longer read (issue 26)', async () => {
    const keyword = unique('secret');
    const search = await createSet({ search: true, filter: { q: keyword } });
    await subscribe(reader, search.id);
    await restrict(search.id);
    const created = await server.api.post('/posts', postBody(null, { title: `Report ${keyword}`, status: 'published' }), {
      token: who.admin,
    });
    expectStatus(created, 200);
    await eventsSettled(server);
    await server.services.notificationDelivery.idle();
    expect(await deliveries(created.body.id)).toHaveLength(0);
  });

  it('checks the set again when the e-mail goes out, and names nothing if it became unreadable (issue 26)', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    const postId = await insertPost(server, { status: 'published', title: 'Queued before the change' });
    // A delivery recorded while the set was readable, its e-mail not sent yet.
    const notification = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', reader.id)
      .where('set_id', '=', collection.id)
      .executeTakeFirstOrThrow();
    const contact = await server.ctx.db.selectFrom('contacts').select('id').where('contact', '=', readerEmail).executeTakeFirstOrThrow();
    const delivery = await server.ctx.db
      .insertInto('notification_deliveries')
      .values({
        notification_id: notification.id,
        user_id: reader.id,
        set_id: collection.id,
        post_id: postId,
        contact_id: contact.id,
        channel: 'email',
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await restrict(collection.id);
    await server.services.notificationDelivery.deliver(delivery.id);
    expect(await deliveries(postId)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        last_error: 'The subscriber can no longer read this collection or saved search',
      }),
    ]);
    expect(smtp.messages.filter((m) => m.subject?.includes(collection.name))).toHaveLength(0);
  });

  it('records failed attempts and retries them with backoff', async () => {
    const collection = await createSet();
    await subscribe(reader, collection.id);
    const postId = await insertPost(server, { status: 'published', title: 'Mail server down' });
    // Nothing listens on the SMTP port any more.
    await smtp.close();
    await addToCollection(collection.id, postId);
    const email = async () => (await deliveries(postId)).find((d) => d.channel === 'email')!;
    await expect.poll(async () => (await email()).attempts, { timeout: 10000 }).toBeGreaterThanOrEqual(1);
    const first = await email();
    expect(first.status).toBe('pending');
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The retry comes after the backoff delay, and is recorded too.
    await expect.poll(async () => (await email()).attempts, { timeout: 20000, interval: 500 }).toBeGreaterThanOrEqual(2);
    expect((await email()).status).toBe('pending');
  }, 40000);
});
