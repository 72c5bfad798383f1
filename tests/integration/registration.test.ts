import { UserMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, passwordGrant, tokenFor, unique } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ configure: (c) => (c.limits.registrationsPerMinute = 3) });
  admin = await adminToken(server);
});
afterAll(async () => server?.close());

/** Each test registers from its own address: the limit is per address (API-CONTRACT 16). */
let address = 0;
const newAddress = () => ({ 'X-Forwarded-For': `10.2.${Math.floor(++address / 250)}.${address % 250}` });

const registration = (extra: Record<string, unknown> = {}) => ({
  realname: 'New Member',
  email: `${unique('reg')}@example.org`,
  password: 'registered in spring',
  ...extra,
});
const register = (body: unknown, options: { headers?: Record<string, string>; token?: string } = {}) =>
  server.api.post('/register', body, { headers: options.headers ?? newAddress(), token: options.token });
const fieldErrors = (body: any) =>
  Object.fromEntries(
    (body.errors as Array<{ message: string; source?: { pointer: string } }>).slice(1).map((e) => [e.source?.pointer, e.message]),
  );

async function setSite(values: Record<string, unknown>) {
  const res = await server.api.put('/config/site', values, { token: admin });
  expect(res.status).toBe(200);
}

describe('POST /register (API-CONTRACT 5)', () => {
  it('creates a member and answers with the new user', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: body.email, realname: 'New Member', role: 'user', logins: 0 });
    expect(res.body).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
    const login = await server.api.post('/oauth/token', passwordGrant(body.email, body.password));
    expect(login.status).toBe(200);
    const me = await server.api.get('/users/me', { token: login.body.access_token });
    expect(me.body).toMatchObject({ id: res.body.id, role: 'user' });
  });

  it('always assigns the member role, whatever was sent', async () => {
    for (const role of ['admin', 'nonexistent', 42]) {
      const res = await register(registration({ role }));
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('user');
    }
    const rows = await server.ctx.db.selectFrom('users').select('role').where('email', 'like', 'reg%').execute();
    expect(rows.every((r) => r.role === 'user')).toBe(true);
  });

  it('validates with pointers the client marks fields by', async () => {
    const empty = await register({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].message).toMatch(/^Failed to validate user entity/);
    expect(fieldErrors(empty.body)).toEqual({ '/email': 'Email address is required', '/password': 'Password is required' });

    const bad = await register(registration({ email: 'nope', password: 'short', realname: 'r'.repeat(151) }));
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toEqual({
      '/email': 'This email address is invalid',
      '/password': 'password must be at least 7 characters long',
      '/realname': 'Full name is too long',
    });
    for (const entry of bad.body.errors.slice(1)) expect(entry).toMatchObject({ status: 422, title: entry.message });

    const long = await register(registration({ password: 'p'.repeat(73) }));
    expect(fieldErrors(long.body)).toEqual({ '/password': 'password must be at most 72 characters long' });
  });

  it('refuses common passwords and those close to the e-mail, name or site name, pointing at /password (issue 26)', async () => {
    const common = await register(registration({ password: 'password1' }));
    expect(common.status).toBe(422);
    expect(fieldErrors(common.body)).toEqual({ '/password': UserMessages.passwordTooCommon });
    expect(common.body.errors[1]).toMatchObject({ status: 422, title: UserMessages.passwordTooCommon, source: { pointer: '/password' } });

    const email = `${unique('wanjiru')}@example.org`;
    for (const password of [email, email.split('@')[0]!, `${email.split('@')[0]!}1`]) {
      const personal = await register(registration({ email, password }));
      expect(fieldErrors(personal.body), password).toEqual({ '/password': UserMessages.passwordPersonal });
    }
    const named = await register(registration({ realname: 'Zawadi Kamau', password: 'ZawadiKamau!' }));
    expect(fieldErrors(named.body)).toEqual({ '/password': UserMessages.passwordPersonal });

    await setSite({ name: 'Lake Basin Watch' });
    try {
      const site = await register(registration({ password: 'lakebasinwatch' }));
      expect(fieldErrors(site.body)).toEqual({ '/password': UserMessages.passwordPersonal });
    } finally {
      await setSite({ name: 'Platform' });
    }
    const stored = await server.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(stored).toBeUndefined();
    expect((await register(registration({ email }))).status).toBe(200);
  });

  it('refuses a duplicate e-mail, in any case', async () => {
    const body = registration();
    expect((await register(body)).status).toBe(200);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(fieldErrors(again.body)).toEqual({ '/email': 'email is already in use' });
    expect((await register(registration({ email: 'admin@example.com' }))).status).toBe(422);
  });

  it('answers 403 "Registration Disabled" when the site disables it and the feature is on', async () => {
    await setSite({ disable_registration: true });
    try {
      const res = await register(registration());
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ status: 403, message: 'Registration Disabled' });
      const withToken = await register(registration(), { token: await tokenFor(server, null) });
      expect(withToken.status).toBe(403);

      // With the feature off the site switch no longer counts.
      await server.ctx.db
        .insertInto('config')
        .values({ group_name: 'features', key: 'disable_registration', value: JSON.stringify({ enabled: false }) })
        .execute();
      server.ctx.settings.invalidate();
      expect((await register(registration())).status).toBe(200);
    } finally {
      await server.ctx.db.deleteFrom('config').where('group_name', '=', 'features').where('key', '=', 'disable_registration').execute();
      server.ctx.settings.invalidate();
      await setSite({ disable_registration: false });
    }
    expect((await register(registration())).status).toBe(200);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    await setSite({ private: true });
    try {
      expect((await register(registration())).status).toBe(401);
      expect((await register(registration(), { token: await tokenFor(server, null) })).status).toBe(403);
    } finally {
      await setSite({ private: false });
    }
  });

  it('limits an address to 3 registrations a minute with 429 and the envelope', async () => {
    const headers = newAddress();
    for (let i = 0; i < 3; i++) expect((await register(registration(), { headers })).status).toBe(200);
    const fourth = registration();
    const res = await register(fourth, { headers });
    expect(res.status).toBe(429);
    expect(res.body.errors[0]).toMatchObject({ status: 429, message: 'Too Many Requests' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await server.ctx.db.selectFrom('users').select('id').where('email', '=', fourth.email).executeTakeFirst();
    expect(stored).toBeUndefined();
    // Another address is not affected.
    expect((await register(registration())).status).toBe(200);
  });

  it('answers a race of registrations with one e-mail with one 200 and 422s', async () => {
    const body = registration();
    const results = await Promise.all(Array.from({ length: 6 }, () => register(body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const res of results.filter((r) => r.status === 422)) {
      expect(fieldErrors(res.body)).toEqual({ '/email': 'email is already in use' });
    }
    const rows = await server.ctx.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('never answers bad input with a 5xx', async () => {
    for (const body of [
      { email: 5, password: ['x'] },
      { email: 'a@b.org', password: { long: true } },
      [1],
      { realname: null, email: null },
    ]) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const malformed = await server.api.request('POST', '/register', {
      raw: '{"email":',
      headers: { 'Content-Type': 'application/json', ...newAddress() },
    });
    expect(malformed.status).toBe(400);
    expect((await server.api.get('/register')).status).toBe(405);
    const nul = await register(registration({ realname: 'nul\u0000name' }));
    expect(nul.status).toBe(400);
  });
});
