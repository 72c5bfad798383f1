import { createHash } from 'node:crypto';
import { UserMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './helpers/database';
import { adminToken, createRole, createUser, passwordGrant, tokenFor, unique, type TestUser } from './helpers/factories';
import { deletedWhileWaiting } from './helpers/row-locks';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let adminId: number;
let member: TestUser;
let clientToken: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  adminId = (await server.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  member = await createUser(server);
  clientToken = await tokenFor(server, null);
});
afterAll(async () => server?.close());

const FULL_KEYS = [
  'allowed_privileges',
  'contacts',
  'created',
  'email',
  'failed_attempts',
  'gravatar',
  'id',
  'language',
  'last_attempt',
  'last_login',
  'logins',
  'realname',
  'role',
  'updated',
  'url',
  'username',
];
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const fieldErrors = (body: any) =>
  Object.fromEntries(
    (body.errors as Array<{ message: string; source?: { pointer: string } }>).slice(1).map((e) => [e.source?.pointer, e.message]),
  );
const login = (username: string, password: string) => server.api.post('/oauth/token', passwordGrant(username, password));
const newUser = (extra: Record<string, unknown> = {}) => ({
  email: `${unique('new')}@example.org`,
  password: 'seven blue herons',
  realname: 'New Person',
  ...extra,
});

describe('/users/me', () => {
  it('answers 401 without a token, 404 with a client token, the full user otherwise', async () => {
    expect((await server.api.get('/users/me')).status).toBe(401);
    expect((await server.api.get('/users/me', { token: clientToken })).status).toBe(404);
    const res = await server.api.get('/users/me', { token: member.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({ id: member.id, email: member.email, realname: member.realname, role: 'user', contacts: [] });
    expect(res.body.gravatar).toBe(md5(member.email.toLowerCase()));
    expect(res.body.allowed_privileges).toEqual(['read', 'update', 'read_full']);
  });

  it('updates the caller with PUT, refusing a change of their own role', async () => {
    const user = await createUser(server);
    expect((await server.api.put('/users/me', { realname: 'x' })).status).toBe(401);
    expect((await server.api.put('/users/me', { realname: 'x' }, { token: clientToken })).status).toBe(404);
    const email = `${unique('Moved')}@Example.org`;
    const res = await server.api.put('/users/me', { realname: 'Renamed Me', email }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, realname: 'Renamed Me', email, role: 'user' });
    expect(res.body.gravatar).toBe(md5(email.toLowerCase()));
    expect(res.body.updated).toMatch(/\+00:00$/);
    const sameRole = await server.api.put('/users/me', { role: 'user', realname: 'Same Role' }, { token: user.token });
    expect(sameRole.status).toBe(200);
    const promote = await server.api.put('/users/me', { role: 'admin' }, { token: user.token });
    expect(promote.status).toBe(403);
    expect((await server.api.get('/users/me', { token: user.token })).body.role).toBe('user');
  });
});

describe('GET /users', () => {
  it('refuses anonymous (401), client tokens and members (403)', async () => {
    expect((await server.api.get('/users')).status).toBe(401);
    expect((await server.api.get('/users', { token: clientToken })).status).toBe(403);
    expect((await server.api.get('/users', { token: member.token })).status).toBe(403);
  });

  it('matches q against e-mail, real name and contact values', async () => {
    const tag = unique('q').toLowerCase();
    const byEmail = await createUser(server, { email: `${tag}.mail@example.org` });
    const byName = await createUser(server, { realname: `Zed ${tag.toUpperCase()} Name` });
    const byContact = await createUser(server);
    await server.ctx.db
      .insertInto('contacts')
      .values({ user_id: byContact.id, type: 'email', contact: `alt-${tag}@contacts.example` })
      .execute();
    const res = await server.api.get(`/users?q=${tag}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.results.map((u: any) => u.id).sort()).toEqual([byEmail.id, byName.id, byContact.id].sort());
    expect(res.body.total_count).toBe(3);
    const withContact = res.body.results.find((u: any) => u.id === byContact.id);
    expect(withContact.contacts).toEqual([expect.objectContaining({ type: 'email', contact: `alt-${tag}@contacts.example` })]);
    // LIKE wildcards in q are literal.
    expect((await server.api.get('/users?q=%25', { token: admin })).body.total_count).toBe(0);
    expect(
      (await server.api.get(`/users?email=${encodeURIComponent(byEmail.email.toUpperCase())}`, { token: admin })).body.results,
    ).toEqual([expect.objectContaining({ id: byEmail.id })]);
  });

  it('filters by role in both list encodings', async () => {
    const roleA = await createRole(server, []);
    const roleB = await createRole(server, []);
    const a = await createUser(server, { role: roleA });
    const b = await createUser(server, { role: roleB });
    const comma = await server.api.get(`/users?role=${roleA},${roleB}`, { token: admin });
    expect(comma.body.results.map((u: any) => u.id)).toEqual([a.id, b.id]);
    const brackets = await server.api.get(`/users?role[]=${roleA}&role[]=${roleB}`, { token: admin });
    expect(brackets.body.results.map((u: any) => u.id)).toEqual([a.id, b.id]);
    const one = await server.api.get(`/users?role=${roleB}`, { token: admin });
    expect(one.body.results.map((u: any) => u.id)).toEqual([b.id]);
  });

  it('orders and pages inside the collection envelope', async () => {
    const tag = unique('page');
    const users = [];
    for (const name of ['Bravo', 'Alpha', 'Delta', 'Charlie']) users.push(await createUser(server, { realname: `${name} ${tag}` }));
    const res = await server.api.get(`/users?q=${tag}&orderby=realname&order=desc&limit=2&offset=1`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, limit: 2, offset: 1, order: 'desc', orderby: 'realname', total_count: 4 });
    expect(res.body.results.map((u: any) => u.realname)).toEqual([`Charlie ${tag}`, `Bravo ${tag}`]);
    const base = `${server.url}/api/v3/users?q=${tag}&orderby=realname&order=desc`;
    expect(res.body.curr).toBe(`${base}&limit=2&offset=1`);
    expect(res.body.next).toBe(`${base}&limit=2&offset=3`);
    expect(res.body.prev).toBe(`${base}&limit=2&offset=0`);

    const defaults = await server.api.get(`/users?q=${tag}`, { token: admin });
    expect(defaults.body).toMatchObject({ limit: null, offset: 0, order: 'asc', orderby: 'id', count: 4 });
    expect(defaults.body.results.map((u: any) => u.id)).toEqual(users.map((u) => u.id));

    const bad = await server.api.get('/users?orderby=password_hash', { token: admin });
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)['/orderby']).toBeTruthy();
    for (const query of ['limit=-1', 'offset=abc', 'limit=1e400', 'limit=1e20', 'offset=99999999999999999999']) {
      const res = await server.api.get(`/users?${query}`, { token: admin });
      expect(res.status, query).toBe(422);
    }
  });

  it('shows the full view to admins and Manage Users, never a password', async () => {
    const manager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
    for (const token of [admin, manager.token]) {
      const list = await server.api.get('/users', { token });
      expect(list.status).toBe(200);
      expect(list.body.total_count).toBeGreaterThan(1);
      for (const user of list.body.results) {
        expect(Object.keys(user).sort()).toEqual(FULL_KEYS);
        expect(user).not.toHaveProperty('password');
      }
      const one = await server.api.get(`/users/${member.id}`, { token });
      expect(one.body).toMatchObject({ id: member.id, email: member.email });
    }
    expect(JSON.stringify((await server.api.get('/users', { token: admin })).body)).not.toMatch(/password|argon2/);
  });

  it('lets a member read themselves only', async () => {
    expect((await server.api.get(`/users/${member.id}`, { token: member.token })).body.email).toBe(member.email);
    const other = await createUser(server);
    expect((await server.api.get(`/users/${other.id}`, { token: member.token })).status).toBe(403);
    expect((await server.api.get(`/users/${other.id}`)).status).toBe(401);
    expect((await server.api.get(`/users/${other.id}`, { token: clientToken })).status).toBe(403);
  });
});

describe('POST /users', () => {
  it('creates for admins and Manage Users; refuses members (403) and anonymous (401)', async () => {
    const body = newUser({ role: 'user' });
    const res = await server.api.post('/users', body, { token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({ email: body.email, realname: 'New Person', role: 'user', logins: 0, updated: null });
    expect(res.body.gravatar).toBe(md5(body.email));
    expect((await login(body.email, 'seven blue herons')).status).toBe(200);

    const manager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
    const byManager = await server.api.post('/users', newUser(), { token: manager.token });
    expect(byManager.status).toBe(200);
    expect(byManager.body.role).toBe('user');

    expect((await server.api.post('/users', newUser(), { token: member.token })).status).toBe(403);
    expect((await server.api.post('/users', newUser(), { token: clientToken })).status).toBe(403);
    expect((await server.api.post('/users', newUser())).status).toBe(401);
    // 403 beats 422 for creates.
    expect((await server.api.post('/users', {}, { token: member.token })).status).toBe(403);
  });

  it('words every validation failure as the contract does', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'seven blue herons' }, '/email', 'Email address is required'],
      [newUser({ email: '' }), '/email', 'Email address is required'],
      [newUser({ email: 'not-an-email' }), '/email', 'This email address is invalid'],
      [newUser({ email: `${'a'.repeat(140)}@example.org` }), '/email', 'This email address is too long'],
      [newUser({ email: 'admin@example.com' }), '/email', 'email is already in use'],
      [newUser({ email: 'ADMIN@EXAMPLE.COM' }), '/email', 'email is already in use'],
      [newUser({ password: undefined }), '/password', 'Password is required'],
      [newUser({ password: '' }), '/password', 'Password is required'],
      [newUser({ password: 'short6' }), '/password', 'password must be at least 7 characters long'],
      [newUser({ password: 'p'.repeat(73) }), '/password', 'password must be at most 72 characters long'],
      [newUser({ realname: 'n'.repeat(151) }), '/realname', 'Full name is too long'],
      [newUser({ role: 'emperor' }), '/role', 'Role emperor does not exist'],
    ];
    for (const [body, pointer, message] of cases) {
      const res = await server.api.post('/users', body, { token: admin });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.errors[0].message).toMatch(/^Failed to validate user entity:\n/);
      expect(fieldErrors(res.body)[pointer], pointer).toBe(message);
      expect(res.body.errors[1]).toMatchObject({ status: 422, title: message, message, source: { pointer } });
    }
    // The limits themselves are accepted.
    const longest = 'seventy-two characters of a passphrase nobody else would think of: 7 q z'.slice(0, 72);
    expect(longest).toHaveLength(72);
    const edge = await server.api.post('/users', newUser({ password: longest, realname: 'n'.repeat(150) }), { token: admin });
    expect(edge.status).toBe(200);
    expect((await server.api.post('/users', newUser({ password: 'kdjwpqx' }), { token: admin })).status).toBe(200);
  });

  it('refuses a common password or one close to the new account, pointing at /password (issue 26)', async () => {
    const common = await server.api.post('/users', newUser({ password: 'administrator' }), { token: admin });
    expect(common.status).toBe(422);
    expect(fieldErrors(common.body)).toEqual({ '/password': UserMessages.passwordTooCommon });
    const named = await server.api.post('/users', newUser({ realname: 'Baraka Otieno', password: 'otieno2024' }), { token: admin });
    expect(fieldErrors(named.body)).toEqual({ '/password': UserMessages.passwordPersonal });
    // Every problem at once: the e-mail and the password.
    const both = await server.api.post('/users', newUser({ email: 'admin@example.com', password: 'qwertyuiop' }), { token: admin });
    expect(fieldErrors(both.body)).toEqual({ '/email': 'email is already in use', '/password': UserMessages.passwordTooCommon });
  });

  it('enforces the admin plan limit with limit::admin', async () => {
    await server.ctx.db
      .insertInto('config')
      .values({ group_name: 'features', key: 'limits', value: JSON.stringify({ posts: true, forms: true, admin_users: 1 }) })
      .onConflict((oc) =>
        oc.columns(['group_name', 'key']).doUpdateSet({ value: JSON.stringify({ posts: true, forms: true, admin_users: 1 }) }),
      )
      .execute();
    server.ctx.settings.invalidate();
    try {
      const create = await server.api.post('/users', newUser({ role: 'admin' }), { token: admin });
      expect(create.status).toBe(422);
      expect(create.body.errors[1]).toMatchObject({ title: 'limit::admin', source: { pointer: '/role' } });
      const promote = await server.api.put(`/users/${member.id}`, { role: 'admin' }, { token: admin });
      expect(promote.status).toBe(422);
      expect(promote.body.errors[1].title).toBe('limit::admin');
      expect((await server.api.get(`/users/${member.id}`, { token: admin })).body.role).toBe('user');
      expect((await server.api.post('/users', newUser({ role: 'user' }), { token: admin })).status).toBe(200);
    } finally {
      await server.ctx.db.deleteFrom('config').where('group_name', '=', 'features').where('key', '=', 'limits').execute();
      server.ctx.settings.invalidate();
    }
    const unlimited = await server.api.post('/users', newUser({ role: 'admin' }), { token: admin });
    expect(unlimited.status).toBe(200);
  });
});

describe('PUT /users/{id}', () => {
  it('updates only supplied fields and re-hashes a new password', async () => {
    const user = await createUser(server);
    const res = await server.api.put(
      `/users/${user.id}`,
      { realname: 'Only Name', contacts: [{ type: 'phone', contact: '1' }] },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ realname: 'Only Name', email: user.email, role: 'user' });

    const changed = await server.api.put(`/users/${user.id}`, { password: 'a brand new one' }, { token: user.token });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty('password');
    expect((await login(user.email, 'a brand new one')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(400);
    const stored = await server.ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a weak new password on the account and by an admin; the seeded one still logs in (issue 26)', async () => {
    const user = await createUser(server, { realname: 'Imani Wafula' });
    const own = await server.api.put('/users/me', { password: 'administrator' }, { token: user.token });
    expect(own.status).toBe(422);
    expect(fieldErrors(own.body)).toEqual({ '/password': UserMessages.passwordTooCommon });
    const byAdmin = await server.api.put(`/users/${user.id}`, { password: 'imaniwafula1' }, { token: admin });
    expect(fieldErrors(byAdmin.body)).toEqual({ '/password': UserMessages.passwordPersonal });
    // Judged against the e-mail being set in the same request.
    const newEmail = `${unique('kipchoge')}@example.org`;
    const withEmail = await server.api.put('/users/me', { email: newEmail, password: newEmail.split('@')[0] }, { token: user.token });
    expect(fieldErrors(withEmail.body)).toEqual({ '/password': UserMessages.passwordPersonal });
    expect((await login(user.email, user.password)).status).toBe(200);
    // Only setting it anew is refused: the seeded default administrator password logs in.
    expect((await login('admin@example.com', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('checks permissions after existence and before validation', async () => {
    const other = await createUser(server);
    expect((await server.api.put('/users/99999999', { realname: 'x' }, { token: member.token })).status).toBe(404);
    expect((await server.api.put(`/users/${other.id}`, { email: 'bad' }, { token: member.token })).status).toBe(403);
    expect((await server.api.put(`/users/${other.id}`, { realname: 'x' })).status).toBe(401);
    const invalid = await server.api.put(`/users/${other.id}`, { email: 'bad', password: 'short' }, { token: admin });
    expect(invalid.status).toBe(422);
    expect(fieldErrors(invalid.body)).toEqual({
      '/email': 'This email address is invalid',
      '/password': 'password must be at least 7 characters long',
    });
    const taken = await server.api.put(`/users/${other.id}`, { email: member.email.toUpperCase() }, { token: admin });
    expect(fieldErrors(taken.body)).toEqual({ '/email': 'email is already in use' });
    const ownEmail = await server.api.put(`/users/${other.id}`, { email: other.email }, { token: admin });
    expect(ownEmail.status).toBe(200);
    const role = await server.api.put(`/users/${other.id}`, { role: 'nope' }, { token: admin });
    expect(fieldErrors(role.body)).toEqual({ '/role': 'Role nope does not exist' });
  });

  it('refuses anyone changing their own role, a second admin included', async () => {
    const second = await createUser(server, { role: 'admin' });
    const res = await server.api.put(`/users/${second.id}`, { role: 'user' }, { token: second.token });
    expect(res.status).toBe(403);
    expect((await server.api.put('/users/me', { role: 'user' }, { token: second.token })).status).toBe(403);
    expect((await server.api.get('/users/me', { token: second.token })).body.role).toBe('admin');
    // Another admin may change it.
    const demoted = await server.api.put(`/users/${second.id}`, { role: 'user' }, { token: admin });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('user');
    expect((await server.api.put(`/users/${member.id}`, { role: 'admin' }, { token: member.token })).status).toBe(403);
  });
});

describe('DELETE /users/{id}', () => {
  it('never lets anyone delete themselves', async () => {
    expect((await server.api.del(`/users/${adminId}`, { token: admin })).status).toBe(403);
    expect((await server.api.del(`/users/${member.id}`, { token: member.token })).status).toBe(403);
    expect((await server.api.get('/users/me', { token: admin })).status).toBe(200);
  });

  it('deletes another user, returns the entity and ends their sessions', async () => {
    const doomed = await createUser(server);
    expect((await server.api.get('/users/me', { token: doomed.token })).status).toBe(200);
    expect((await server.api.del(`/users/${doomed.id}`)).status).toBe(401);
    expect((await server.api.del(`/users/${doomed.id}`, { token: member.token })).status).toBe(403);
    const res = await server.api.del(`/users/${doomed.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: doomed.id, email: doomed.email });
    expect((await server.api.get('/users/me', { token: doomed.token })).status).toBe(401);
    expect((await server.api.get(`/users/${doomed.id}`, { token: admin })).status).toBe(404);
    expect((await server.api.del(`/users/${doomed.id}`, { token: admin })).status).toBe(404);
    expect((await login(doomed.email, doomed.password)).status).toBe(400);
  });
});

describe('concurrent writes', () => {
  // Row locks across connections: the embedded database runs one transaction at a time.
  it.skipIf(inject('database').mode === 'embedded')(
    'answers 404, not 500, when the user is deleted while an update waits for its row',
    async () => {
      const target = await createUser(server);
      const res = await deletedWhileWaiting(server, 'users', target.id, () =>
        server.api.put(`/users/${target.id}`, { realname: 'Renamed meanwhile' }, { token: admin }),
      );
      expect(res.status, res.text).toBe(404);
      expect(res.body.errors[0].status).toBe(404);
    },
  );
});

describe('bad input never reaches a 5xx', () => {
  it('answers wrong types, huge and SQL-looking strings with the envelope', async () => {
    const bodies: unknown[] = [
      { email: 42, password: 1234567 },
      { email: ['a@b.org'], password: { x: 1 } },
      { email: null, password: null, realname: 7, role: ['admin'] },
      newUser({ realname: 'r'.repeat(100_000) }),
      newUser({ email: `${'e'.repeat(200_000)}@example.org` }),
      newUser({ email: "x'; drop table users; --@example.org" }),
      [1, 2, 3],
    ];
    for (const body of bodies) {
      const res = await server.api.post('/users', body, { token: admin });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.body.errors[0].status).toBe(422);
    }
    // A bare JSON string is not an object body: the strict JSON reader answers 400.
    const scalar = await server.api.post('/users', 'just a string', { token: admin });
    expect(scalar.status).toBe(400);
    expect(scalar.body.errors[0].status).toBe(400);
    const sqlName = await server.api.post('/users', newUser({ realname: "Robert'); DROP TABLE users;--" }), { token: admin });
    expect(sqlName.status).toBe(200);
    expect(sqlName.body.realname).toBe("Robert'); DROP TABLE users;--");
    const search = await server.api.get(`/users?q=${encodeURIComponent("' or 1=1 --")}&role=${encodeURIComponent("admin' --")}`, {
      token: admin,
    });
    expect(search.status).toBe(200);
    expect(search.body.total_count).toBe(0);
    const updates: unknown[] = [{ realname: { nested: true } }, { email: 5 }, { language: 'x'.repeat(500) }, { role: 5 }];
    for (const body of updates) {
      const res = await server.api.put(`/users/${member.id}`, body, { token: admin });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of ['99999999', '2147483648', '99999999999999999999', 'abc', '1.5', '-1', '%27%20or%201%3D1']) {
      const res = await server.api.get(`/users/${id}`, { token: admin });
      expect(res.status, id).toBe(404);
      expect(res.body.errors[0].status).toBe(404);
    }
    expect((await server.api.request('PATCH', `/users/${member.id}`, { token: admin, body: {} })).status).toBe(405);
    // Broken percent-encoding is the caller's error, not ours.
    const badEncoding = await server.api.get('/users/%E0%A4%A', { token: admin });
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body.errors[0].status).toBe(400);
  });

  it('refuses NUL characters with 400 wherever they arrive', async () => {
    for (const path of ['/users?q=a%00b', '/users?email=%00', '/users?role=%00']) {
      const res = await server.api.get(path, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].status).toBe(400);
    }
    const create = await server.api.post('/users', newUser({ realname: 'nul\u0000name' }), { token: admin });
    expect(create.status).toBe(400);
    const update = await server.api.put(`/users/${member.id}`, { realname: 'nul\u0000name' }, { token: admin });
    expect(update.status).toBe(400);
    expect((await server.api.get(`/users/${member.id}`, { token: admin })).body.realname).toBe(member.realname);
  });
});
