import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, ANONYMOUS_SCOPES, PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './helpers/database';
import { clientGrant, createUser, passwordGrant, unique } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
beforeAll(async () => {
  server = await startTestServer({
    configure: (c) => {
      c.limits.loginFailuresPerAccountAndAddress = 3;
      c.limits.loginFailuresPerIp = 6;
    },
  });
});
afterAll(async () => server?.close());

/** Every test speaks from its own address, so the per-address throttle never mixes tests. */
let address = 0;
const from = () => ({ 'X-Forwarded-For': `10.1.${Math.floor(++address / 250)}.${address % 250}` });

function token(body: Record<string, unknown>, headers: Record<string, string> = from()) {
  return server.api.request('POST', '/oauth/token', { body, headers });
}

function tokenForm(body: Record<string, string>, headers: Record<string, string> = from()) {
  return server.api.request('POST', '/oauth/token', {
    raw: new URLSearchParams(body).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

describe('POST /oauth/token (API-CONTRACT 3)', () => {
  it('issues a password-grant token from a JSON body, by e-mail', async () => {
    const user = await createUser(server);
    const res = await token(passwordGrant(user.email, user.password));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 54000 });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(54000);
    expect(typeof res.body.access_token).toBe('string');
    expect(typeof res.body.refresh_token).toBe('string');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await server.api.get('/users/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('issues a token from a form-encoded body, by username, case-insensitively', async () => {
    const res = await tokenForm(passwordGrant('Admin', TEST_ADMIN_PASSWORD));
    expect(res.status).toBe(200);
    const me = await server.api.get('/users/me', { token: res.body.access_token });
    expect(me.body).toMatchObject({ email: 'admin@example.com', role: 'admin' });
    const byEmail = await tokenForm(passwordGrant('ADMIN@example.com', TEST_ADMIN_PASSWORD));
    expect(byEmail.status).toBe(200);
  });

  it('answers a wrong password and an unknown user alike: 400 invalid_grant', async () => {
    const user = await createUser(server);
    const wrong = await token(passwordGrant(user.email, 'not the password'));
    const unknown = await token(passwordGrant(`${unique('nobody')}@example.org`, 'whatever1'));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body.message).toMatch(/credentials/);
      expect(res.body.error_description).toMatch(/credentials/);
    }
    expect(wrong.body).toEqual(unknown.body);
    const row = await server.ctx.db
      .selectFrom('users')
      .select(['failed_attempts', 'last_attempt'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(1);
    expect(row.last_attempt).not.toBeNull();
  });

  it('refuses a bad client id or secret with 401 invalid_client', async () => {
    const user = await createUser(server);
    const badSecret = await token({ ...passwordGrant(user.email, user.password), client_secret: 'nope' });
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.error).toBe('invalid_client');
    const badId = await token({ ...clientGrant(), client_id: 'someone-else' });
    expect(badId.status).toBe(401);
    expect(badId.body.error).toBe('invalid_client');
    const missing = await token({ grant_type: 'client_credentials' });
    expect(missing.status).toBe(401);
  });

  it('answers request errors in the OAuth shape', async () => {
    const unsupported = await token({ ...clientGrant(), grant_type: 'authorization_code' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe('unsupported_grant_type');

    const noGrant = await token({ client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe('invalid_request');

    const noUsername = await token({ ...passwordGrant('x', 'y'), username: undefined });
    expect(noUsername.status).toBe(400);
    expect(noUsername.body).toMatchObject({ error: 'invalid_request', hint: expect.stringContaining('username') });
    expect(Object.keys(noUsername.body).sort()).toEqual(['error', 'error_description', 'hint', 'message']);

    const badScope = await token(passwordGrant('admin', TEST_ADMIN_PASSWORD, 'posts teleport'));
    expect(badScope.status).toBe(400);
    expect(badScope.body.error).toBe('invalid_scope');
    const badClientScope = await token(clientGrant('posts teleport'));
    expect(badClientScope.body.error).toBe('invalid_scope');

    const wrongType = await token({ ...passwordGrant('admin', TEST_ADMIN_PASSWORD), password: ['a', 'b'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('invalid_request');

    const malformed = await server.api.request('POST', '/oauth/token', {
      raw: '{"grant_type":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_request');

    // Bodies the parser cannot read at all keep its status, in the OAuth shape too.
    for (const [status, headers, raw] of [
      [413, { 'Content-Type': 'application/json' }, JSON.stringify({ grant_type: 'password', padding: 'x'.repeat(20_000) })],
      [415, { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' }, '{}'],
      [400, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, '{"grant_type":"password"}'],
    ] as const) {
      for (const path of ['/oauth/token', '/oauth/revoke']) {
        const unreadable = await server.api.request('POST', path, { raw, headers });
        expect(unreadable.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
        expect(unreadable.body, `${path} ${JSON.stringify(headers)}`).toMatchObject({
          error: 'invalid_request',
          error_description: expect.any(String),
        });
      }
    }

    const nulName = await token(passwordGrant('admin\u0000', TEST_ADMIN_PASSWORD));
    expect(nulName.status).toBe(400);
    expect(nulName.body.error).toBe('invalid_request');
    const nulClient = await token({ ...clientGrant(), client_id: 'ushahidi\u0000ui' });
    expect(nulClient.status).toBe(401);
    expect(nulClient.body.error).toBe('invalid_client');

    expect((await server.api.request('GET', '/oauth/token')).status).toBe(405);
  });

  it('gives client_credentials a token with no user', async () => {
    const res = await tokenForm({ ...clientGrant(), scope: ANONYMOUS_SCOPES.join(' ') });
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(54000);
    expect(res.body.refresh_token).toBeUndefined();
    const anonymous = res.body.access_token as string;
    expect((await server.api.get('/users/me', { token: anonymous })).status).toBe(404);
    expect((await server.api.get('/users', { token: anonymous })).status).toBe(403);
    expect((await server.api.get('/config/site', { token: anonymous })).status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('oauth_access_tokens')
      .select(['user_id', 'scopes'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect([...row.scopes].sort()).toEqual([...ANONYMOUS_SCOPES].sort());
  });

  it('stores tokens hashed, with their expiry', async () => {
    const user = await createUser(server);
    const before = Date.now();
    const res = await token(passwordGrant(user.email, user.password));
    const raw = res.body.access_token as string;
    const { rows } = await sql<{ hits: number }>`
      select count(*)::int as hits from oauth_access_tokens t
      where t.token_hash = ${raw} or position(${raw} in t.token_hash) > 0`.execute(server.ctx.db);
    expect(rows[0]!.hits).toBe(0);
    const refresh = await sql<{ hits: number }>`
      select count(*)::int as hits from oauth_refresh_tokens where token_hash = ${res.body.refresh_token as string}`.execute(server.ctx.db);
    expect(refresh.rows[0]!.hits).toBe(0);
    const stored = await server.ctx.db
      .selectFrom('oauth_access_tokens')
      .select(['expires_at', 'token_hash'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = stored.expires_at.getTime() - before;
    expect(lifetime).toBeGreaterThan(54000 * 1000 - 60_000);
    expect(lifetime).toBeLessThan(54000 * 1000 + 60_000);
  });

  it('refreshes into a new pair; the old refresh token is single use', async () => {
    const user = await createUser(server);
    const first = await token(passwordGrant(user.email, user.password));
    // In use before the refresh, so the node has it in its token cache.
    expect((await server.api.get('/users/me', { token: first.body.access_token })).status).toBe(200);
    const refresh = { grant_type: 'refresh_token', client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET };
    const second = await token({ ...refresh, refresh_token: first.body.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(second.body.expires_in).toBe(54000);
    expect((await server.api.get('/users/me', { token: second.body.access_token })).body.id).toBe(user.id);
    // The token the refresh replaced stops working.
    expect((await server.api.get('/users/me', { token: first.body.access_token })).status).toBe(401);

    const again = await token({ ...refresh, refresh_token: first.body.refresh_token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const missing = await token(refresh);
    expect(missing.body.error).toBe('invalid_request');
    const third = await token({ ...refresh, refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
  });
});

describe('POST /oauth/revoke (RFC 7009, issue 26)', () => {
  const client = { client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET };
  const revoke = (body: Record<string, unknown>) => server.api.request('POST', '/oauth/revoke', { body });
  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', ...client, refresh_token: refreshToken });
  async function session(user: { email: string; password: string }) {
    const res = await token(passwordGrant(user.email, user.password));
    expect(res.status).toBe(200);
    return { access: res.body.access_token as string, refresh: res.body.refresh_token as string };
  }
  const me = async (access: string) => (await server.api.get('/users/me', { token: access })).status;

  it('revokes an access token and its refresh token at once; other sessions live on', async () => {
    const user = await createUser(server);
    const ended = await session(user);
    const other = await session(user);
    expect(await me(ended.access)).toBe(200);
    const res = await revoke({ ...client, token: ended.access, token_type_hint: 'access_token' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await me(ended.access)).toBe(401);
    const refreshed = await refresh(ended.refresh);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await me(other.access)).toBe(200);
  });

  it('revokes by refresh token too, form-encoded, whatever the hint says', async () => {
    const user = await createUser(server);
    const first = await session(user);
    const res = await server.api.request('POST', '/oauth/revoke', {
      raw: new URLSearchParams({ ...client, token: first.refresh, token_type_hint: 'access_token' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await me(first.access)).toBe(401);
    expect((await refresh(first.refresh)).status).toBe(400);

    const second = await session(user);
    expect((await revoke({ ...client, token: second.access, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect(await me(second.access)).toBe(401);
    // A second revocation, or a hint nobody defined, changes nothing and is still a 200.
    expect((await revoke({ ...client, token: second.access, token_type_hint: 'id_token' })).status).toBe(200);
  });

  it('answers 200 for unknown tokens and leaves tokens of other clients alone', async () => {
    expect((await revoke({ ...client, token: 'no-such-token' })).status).toBe(200);
    const secret = unique('secret');
    await server.ctx.db
      .insertInto('oauth_clients')
      .values({ id: unique('other-client'), name: 'Another app', secret_hash: createHash('sha256').update(secret).digest('hex') })
      .execute();
    const user = await createUser(server);
    const mine = await session(user);
    const other = await server.ctx.db
      .selectFrom('oauth_clients')
      .select(['id'])
      .where('name', '=', 'Another app')
      .executeTakeFirstOrThrow();
    expect((await revoke({ client_id: other.id, client_secret: secret, token: mine.access })).status).toBe(200);
    expect(await me(mine.access)).toBe(200);
  });

  it('authenticates the client as the token endpoint does and answers request errors in the OAuth shape', async () => {
    const user = await createUser(server);
    const live = await session(user);
    const badSecret = await revoke({ ...client, client_secret: 'nope', token: live.access });
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.error).toBe('invalid_client');
    expect((await revoke({ token: live.access })).status).toBe(401);
    expect(await me(live.access)).toBe(200);

    const missing = await revoke(client);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', hint: expect.stringContaining('token') });
    expect((await revoke({ ...client, token: ['a', 'b'] })).body.error).toBe('invalid_request');
    const malformed = await server.api.request('POST', '/oauth/revoke', {
      raw: '{"token":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_request');
    expect((await server.api.request('GET', '/oauth/revoke')).status).toBe(405);
  });
});

describe('login throttling', () => {
  it('throttles failures per account and address, existing account or not, with 429 and Retry-After', async () => {
    const user = await createUser(server);
    const ghost = `${unique('ghost')}@example.org`;
    for (const name of [user.email, ghost]) {
      const headers = from();
      for (let i = 0; i < 3; i++) expect((await token(passwordGrant(name, 'wrong-password'), headers)).status).toBe(400);
      const blocked = await token(passwordGrant(name, 'wrong-password'), headers);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({
        error: 'slow_down',
        error_description: expect.stringContaining('Too many failed login attempts'),
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The failing address waits, even with the right password.
      if (name === user.email) expect((await token(passwordGrant(user.email, user.password), headers)).status).toBe(429);
    }
  });

  it('never refuses the right password from an address that has not been failing (issue 26)', async () => {
    const attacker = from();
    for (let i = 0; i < 3; i++) expect((await token(passwordGrant('admin@example.com', 'wrong-password'), attacker)).status).toBe(400);
    expect((await token(passwordGrant('admin@example.com', 'wrong-password'), attacker)).status).toBe(429);
    // The administrator, elsewhere, logs in; another address's wrong guess is checked, not refused.
    expect((await token(passwordGrant('admin@example.com', TEST_ADMIN_PASSWORD))).status).toBe(200);
    expect((await token(passwordGrant('admin', TEST_ADMIN_PASSWORD))).status).toBe(200);
    expect((await token(passwordGrant('admin@example.com', 'wrong-password'))).status).toBe(400);
  });

  it('counts an account once whether it is typed as e-mail or username', async () => {
    const email = `${unique('named')}@example.org`;
    const user = await createUser(server, { email });
    const username = unique('nick');
    await server.ctx.db.updateTable('users').set({ username }).where('id', '=', user.id).execute();
    const headers = from();
    expect((await token(passwordGrant(email, 'wrong-password'), headers)).status).toBe(400);
    expect((await token(passwordGrant(username, 'wrong-password'), headers)).status).toBe(400);
    expect((await token(passwordGrant(email.toUpperCase(), 'wrong-password'), headers)).status).toBe(400);
    expect((await token(passwordGrant(username, 'wrong-password'), headers)).status).toBe(429);
  });

  it('resets the counter of the account and address on a successful login', async () => {
    const user = await createUser(server);
    const headers = from();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await token(passwordGrant(user.email, 'wrong-password'), headers)).status).toBe(400);
      expect((await token(passwordGrant(user.email, user.password), headers)).status).toBe(200);
    }
    const row = await server.ctx.db
      .selectFrom('users')
      .select(['failed_attempts', 'logins'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_attempts: 0, logins: 2 });
  });

  it('throttles failures per address across accounts', async () => {
    const headers = from();
    for (let i = 0; i < 6; i++) {
      const res = await token(passwordGrant(`${unique('spray')}@example.org`, 'wrong-password'), headers);
      expect(res.status).toBe(400);
    }
    const blocked = await token(passwordGrant(`${unique('spray')}@example.org`, 'wrong-password'), headers);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('slow_down');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // Another address is unaffected.
    const user = await createUser(server);
    expect((await token(passwordGrant(user.email, user.password))).status).toBe(200);
  });
});

describe('login throttling behind TRUST_PROXY=true', () => {
  let proxied: TestServer & { close: () => Promise<void> };
  beforeAll(async () => {
    proxied = await startTestServer({
      env: { TRUST_PROXY: 'true' },
      configure: (c) => {
        c.limits.loginFailuresPerAccountAndAddress = 3;
      },
    });
  });
  afterAll(async () => proxied?.close());

  it('counts the address the proxy saw, not the entries a client writes before it', async () => {
    const user = await createUser(proxied);
    const attempt = (password: string, forwardedFor: string) =>
      proxied.api.request('POST', '/oauth/token', {
        body: passwordGrant(user.email, password),
        headers: { 'X-Forwarded-For': forwardedFor },
      });
    // The proxy appends the address it saw; the client made up the first entry each time.
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password', `192.0.2.${i}, 10.7.7.7`)).status).toBe(400);
    expect((await attempt('wrong-password', '192.0.2.99, 10.7.7.7')).status).toBe(429);
    expect((await attempt(user.password, '10.7.7.8')).status).toBe(200);
  });
});
