import { ContactMessages } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './helpers/factories';
import { resetConfig, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;
let other: TestUser;
let usersManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  other = await createUser(server);
  usersManager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
});
afterAll(async () => server?.close());
afterEach(async () => resetConfig(server, 'site', 'private'));

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const email = () => `${unique('c')}@example.org`;

function expectField(res: { status: number; body: any }, pointer: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
}

async function contactOf(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await server.api.post('/contacts', { type: 'email', contact: email(), ...body }, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as { id: number; contact: string };
}

describe('POST /contacts (API-CONTRACT 13.2)', () => {
  it('creates the caller’s contact; can_notify defaults to true for the owner', async () => {
    const address = email();
    const res = await server.api.post('/contacts', { type: 'email', contact: `  ${address} ` }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/contacts/${res.body.id}`,
      user: { id: member.id, url: `${server.url}/api/v3/users/${member.id}` },
      data_source: null,
      type: 'email',
      contact: address,
      created: expect.stringMatching(W3C),
      updated: null,
      can_notify: true,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
    const phone = await server.api.post(
      '/contacts',
      { type: 'phone', contact: '+254 712 345678', can_notify: false, data_source: 'smssync' },
      { token: member.token },
    );
    expect(phone.body).toMatchObject({ type: 'phone', contact: '+254 712 345678', can_notify: false, data_source: 'smssync' });
    const loose = await server.api.post(
      '/contacts',
      { type: 'whatsapp', contact: '254712345678', can_notify: '0', user_id: String(member.id) },
      { token: member.token },
    );
    expect(loose.body).toMatchObject({ type: 'whatsapp', can_notify: false, user: { id: member.id } });
    const twitter = await server.api.post('/contacts', { type: 'twitter', contact: '@someone', can_notify: 1 }, { token: member.token });
    expect(twitter.body).toMatchObject({ type: 'twitter', contact: '@someone', can_notify: true });
  });

  it('lets an admin add a contact for another user (not notified unless asked)', async () => {
    const res = await server.api.post('/contacts', { type: 'email', contact: email(), user_id: member.id }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: member.id }, can_notify: false });
    expectField(
      await server.api.post('/contacts', { type: 'email', contact: email(), user_id: 999999 }, { token: admin }),
      '/user_id',
      ContactMessages.userMissing(999999),
    );
    expectField(
      await server.api.post('/contacts', { type: 'email', contact: email(), user_id: 'abc' }, { token: admin }),
      '/user_id',
      ContactMessages.userInvalid,
    );
    expectField(
      await server.api.post('/contacts', { type: 'email', contact: email(), user_id: true }, { token: admin }),
      '/user_id',
      ContactMessages.userInvalid,
    );
  });

  it('refuses contacts for someone else, and anonymous callers (403 before 422)', async () => {
    expect(
      (await server.api.post('/contacts', { type: 'email', contact: email(), user_id: other.id }, { token: member.token })).status,
    ).toBe(403);
    expect((await server.api.post('/contacts', { user_id: other.id }, { token: member.token })).status).toBe(403);
    expect(
      (await server.api.post('/contacts', { type: 'email', contact: email(), user_id: other.id }, { token: usersManager.token })).status,
    ).toBe(403);
    const none = await server.api.post('/contacts', { type: 'email', contact: email() });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.post('/contacts', { type: 'email', contact: email() }, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.post('/contacts', {}, { token: anonymousClient })).status).toBe(403);
    const count = await server.ctx.db.selectFrom('contacts').select('id').where('user_id', '=', other.id).execute();
    expect(count).toHaveLength(0);
  });

  it('validates every field with its message and pointer', async () => {
    const post = (body: unknown) => server.api.post('/contacts', body, { token: member.token });
    expectField(await post({ contact: email() }), '/type', ContactMessages.typeInvalid);
    expectField(await post({ type: 'fax', contact: '123' }), '/type', ContactMessages.typeInvalid);
    expectField(await post({ type: 'email' }), '/contact', ContactMessages.contactRequired);
    expectField(await post({ type: 'email', contact: '   ' }), '/contact', ContactMessages.contactRequired);
    expectField(await post({ type: 'email', contact: 42 }), '/contact', ContactMessages.contactRequired);
    expectField(await post({ type: 'twitter', contact: 'x'.repeat(256) }), '/contact', ContactMessages.contactTooLong);
    expectField(await post({ type: 'email', contact: 'not-an-email' }), '/contact', ContactMessages.emailInvalid);
    expectField(await post({ type: 'email', contact: `${'a'.repeat(140)}@example.org` }), '/contact', ContactMessages.emailTooLong);
    expectField(await post({ type: 'phone', contact: 'call me' }), '/contact', ContactMessages.phoneInvalid);
    expectField(await post({ type: 'phone', contact: '254+712' }), '/contact', ContactMessages.phoneInvalid);
    expectField(await post({ type: 'whatsapp', contact: '+' }), '/contact', ContactMessages.phoneInvalid);
    expectField(await post({ type: 'phone', contact: `+${'1'.repeat(26)}` }), '/contact', ContactMessages.phoneTooLong);
    expect((await post({ type: 'phone', contact: `+${'1'.repeat(25)}` })).status).toBe(200);
    expectField(await post({ type: 'email', contact: email(), can_notify: 'maybe' }), '/can_notify', ContactMessages.canNotifyInvalid);
    expectField(
      await post({ type: 'email', contact: email(), data_source: 'no such source!' }),
      '/data_source',
      ContactMessages.dataSourceInvalid,
    );
    expectField(await post({ type: 'email', contact: email(), data_source: 7 }), '/data_source', ContactMessages.dataSourceInvalid);
    const two = await post({ type: 'fax' });
    expect(two.body.errors[0]).toEqual({
      status: 422,
      message: `Failed to validate contact entity:\n${ContactMessages.typeInvalid}\n${ContactMessages.contactRequired}`,
    });
  });

  it('answers malformed, oversized and hostile bodies without 5xx', async () => {
    const malformed = await server.api.request('POST', '/contacts', {
      token: member.token,
      raw: '{"type":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].status).toBe(400);
    const huge = await server.api.post('/contacts', { type: 'twitter', contact: 'x'.repeat(3 * 1024 * 1024) }, { token: member.token });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].status).toBe(413);
    expect((await server.api.post('/contacts', 'just a string', { token: member.token })).status).toBeLessThan(500);
    const hostile = "'); delete from contacts; --";
    const res = await server.api.post('/contacts', { type: 'twitter', contact: hostile }, { token: member.token });
    expect(res.status).toBe(200);
    expect(
      (await server.api.get(`/contacts?contact=${encodeURIComponent(hostile)}`, { token: member.token })).body.results[0].contact,
    ).toBe(hostile);
  });
});

describe('GET /contacts', () => {
  it('lists with the user (incl. me), type, contact and data_source filters', async () => {
    const user = await createUser(server);
    const a = await contactOf(user);
    const b = await contactOf(user, { type: 'phone', contact: '0712345678', data_source: 'twilio' });
    const c = await contactOf(other);

    const mine = await server.api.get('/contacts?user=me', { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 2, total_count: 2, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(mine.body.results.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);

    const byIds = await server.api.get(`/contacts?user[]=${user.id}&user[]=${other.id}&orderby=id&order=desc`, { token: admin });
    expect(byIds.body.results.map((r: { id: number }) => r.id).slice(0, 1)).toEqual([c.id]);
    expect(byIds.body.results.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));

    const phones = await server.api.get(`/contacts?user=${user.id}&type=phone`, { token: user.token });
    expect(phones.body.results.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const exact = await server.api.get(`/contacts?contact=${encodeURIComponent(a.contact)}`, { token: user.token });
    expect(exact.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const source = await server.api.get(`/contacts?user=me&data_source=twilio`, { token: user.token });
    expect(source.body.results.map((r: { id: number }) => r.id)).toEqual([b.id]);

    const page = await server.api.get('/contacts?user=me&limit=1&offset=1', { token: user.token });
    expect(page.body).toMatchObject({ count: 1, total_count: 2, limit: 1, offset: 1 });
    expect(page.body.results[0].id).toBe(b.id);
  });

  it('keeps contacts private to their owner, user managers and moderators, and refuses anonymous callers', async () => {
    const contact = await contactOf(other);
    // Real v3 lets every member read every contact; we do not hand out phone numbers that way.
    expect((await server.api.get(`/contacts/${contact.id}`, { token: member.token })).status).toBe(403);
    const listed = await server.api.get(`/contacts?user=${other.id}`, { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([]);
    const own = await server.api.get(`/contacts/${contact.id}`, { token: other.token });
    expect(own.status).toBe(200);
    expect(own.body.allowed_privileges).toEqual(['read', 'create', 'update', 'delete', 'search']);
    const moderator = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
    const moderated = await server.api.get(`/contacts/${contact.id}`, { token: moderator.token });
    expect(moderated.status).toBe(200);
    expect(moderated.body.allowed_privileges).toEqual(['read', 'search']);
    expect((await server.api.get(`/contacts/${contact.id}`, { token: usersManager.token })).status).toBe(200);
    expect((await server.api.get(`/contacts/${contact.id}`, { token: admin })).body.allowed_privileges).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'search',
    ]);
    expect((await server.api.get('/contacts')).status).toBe(401);
    expect((await server.api.get('/contacts', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get(`/contacts/${contact.id}`)).status).toBe(401);
    expect((await server.api.get(`/contacts/${contact.id}`, { token: anonymousClient })).status).toBe(403);
  });

  it('answers bad filters and ids with 4xx, never 5xx', async () => {
    expect((await server.api.get('/contacts?user=abc', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/contacts?user=99999999999', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/contacts?orderby=user_id;--', { token: member.token })).status).toBe(422);
    expect((await server.api.get('/contacts/999999', { token: member.token })).status).toBe(404);
    expect((await server.api.get('/contacts/99999999999', { token: member.token })).status).toBe(404);
    expect((await server.api.get('/contacts/1e3', { token: member.token })).status).toBe(404);
    expect((await server.api.request('PATCH', '/contacts', { token: member.token })).status).toBe(405);
    expect((await server.api.post('/contacts/1', {}, { token: member.token })).status).toBe(405);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/contacts')).status).toBe(401);
    expect((await server.api.get('/contacts', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/contacts?user=me', { token: member.token })).status).toBe(200);
  });

  it('needs the contacts scope', async () => {
    expect((await server.api.get('/contacts', { token: await tokenFor(server, member.id, ['users']) })).status).toBe(403);
  });
});

describe('PUT /contacts/{id}', () => {
  it('lets the owner update their contact; the type and the contact are checked together', async () => {
    const contact = await contactOf(member);
    const address = email();
    const res = await server.api.put(`/contacts/${contact.id}`, { contact: address, can_notify: false }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: contact.id,
      contact: address,
      type: 'email',
      can_notify: false,
      updated: expect.stringMatching(W3C),
    });
    expectField(
      await server.api.put(`/contacts/${contact.id}`, { type: 'phone' }, { token: member.token }),
      '/contact',
      ContactMessages.phoneInvalid,
    );
    expectField(
      await server.api.put(`/contacts/${contact.id}`, { contact: 'nope' }, { token: member.token }),
      '/contact',
      ContactMessages.emailInvalid,
    );
    expectField(
      await server.api.put(`/contacts/${contact.id}`, { can_notify: 'sometimes' }, { token: member.token }),
      '/can_notify',
      ContactMessages.canNotifyInvalid,
    );
    const phone = await server.api.put(`/contacts/${contact.id}`, { type: 'phone', contact: '+1 555 0100' }, { token: member.token });
    expect(phone.body).toMatchObject({ type: 'phone', contact: '+1 555 0100' });
    const stored = await server.ctx.db.selectFrom('contacts').selectAll().where('id', '=', contact.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'phone', contact: '+1 555 0100', can_notify: false, user_id: member.id });
  });

  it('refuses other users (404 before 403 before 422); admins may', async () => {
    const contact = await contactOf(other);
    expect((await server.api.put(`/contacts/${contact.id}`, { contact: email() }, { token: member.token })).status).toBe(403);
    expect((await server.api.put(`/contacts/${contact.id}`, { contact: 'bad' }, { token: member.token })).status).toBe(403);
    expect((await server.api.put(`/contacts/${contact.id}`, { contact: email() })).status).toBe(401);
    expect((await server.api.put(`/contacts/${contact.id}`, { contact: email() }, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.put('/contacts/999999', { contact: 'bad' }, { token: member.token })).status).toBe(404);
    const byAdmin = await server.api.put(`/contacts/${contact.id}`, { can_notify: true }, { token: admin });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.user.id).toBe(other.id);
  });
});

describe('DELETE /contacts/{id}', () => {
  it('lets the owner and admins delete, returning the contact', async () => {
    const own = await contactOf(member);
    const res = await server.api.del(`/contacts/${own.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: own.id, contact: own.contact, user: { id: member.id } });
    expect((await server.api.get(`/contacts/${own.id}`, { token: member.token })).status).toBe(404);
    const theirs = await contactOf(other);
    expect((await server.api.del(`/contacts/${theirs.id}`, { token: member.token })).status).toBe(403);
    expect((await server.api.del(`/contacts/${theirs.id}`, { token: usersManager.token })).status).toBe(403);
    expect((await server.api.del(`/contacts/${theirs.id}`)).status).toBe(401);
    expect((await server.api.del(`/contacts/${theirs.id}`, { token: admin })).status).toBe(200);
    expect((await server.api.del(`/contacts/${theirs.id}`, { token: admin })).status).toBe(404);
  });
});
