import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET, UserMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, passwordGrant, unique, type TestUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { recipients, startSmtpServer } from './helpers/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer & { close: () => Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Reset requests are limited per address; each test asks from its own. */
let address = 0;
const newAddress = () => ({ 'X-Forwarded-For': `10.3.${Math.floor(++address / 250)}.${address % 250}` });

const requestReset = (email: unknown) => server.api.post('/passwordreset', { email }, { headers: newAddress() });
const confirm = (body: unknown) => server.api.post('/passwordreset/confirm', body);
const login = (user: TestUser, password: string) => server.api.post('/oauth/token', passwordGrant(user.email, password));
const fieldErrors = (body: any) =>
  Object.fromEntries(
    (body.errors as Array<{ message: string; source?: { pointer: string } }>).slice(1).map((e) => [e.source?.pointer, e.message]),
  );

/** The reset code printed in the mail, and the link that carries it. */
function tokenIn(mail: ParsedMail): { token: string; link: string } {
  const text = mail.text ?? '';
  const token = /reset code: ([\w-]+)/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/forgotpassword\/confirm\/[\w-]+)/.exec(text)?.[1];
  if (!token || !link) throw new Error(`no reset token in mail: ${text}`);
  return { token, link };
}

async function resetTokenFor(user: TestUser): Promise<string> {
  const res = await requestReset(user.email);
  expect(res.status).toBe(204);
  const mail = await smtp.waitForMail((m) => recipients(m).includes(user.email.toLowerCase()) && !used.has(m));
  used.add(mail);
  return tokenIn(mail).token;
}
const used = new Set<ParsedMail>();

describe('POST /passwordreset (API-CONTRACT 5)', () => {
  it('answers 204 alike for known and unknown addresses, and mails only the known one', async () => {
    const user = await createUser(server);
    const stranger = `${unique('stranger')}@example.org`;
    const unknown = await requestReset(stranger);
    const known = await requestReset(user.email.toUpperCase());
    for (const res of [unknown, known]) {
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    }
    const mail = await smtp.waitForMail((m) => recipients(m).includes(user.email.toLowerCase()));
    used.add(mail);
    expect(mail.subject).toMatch(/password/i);
    const { token, link } = tokenIn(mail);
    expect(link).toBe(`${server.url}/forgotpassword/confirm/${token}`);
    const stored = await server.ctx.db
      .selectFrom('password_resets')
      .select(['token_hash', 'expires_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    const ttl = stored[0]!.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000);
    // Nothing was sent to the unknown address, even after the known mail arrived.
    expect(smtp.messages.some((m) => recipients(m).includes(stranger))).toBe(false);
    const { rows } = await sql<{ to: string }>`
      select data->>'to' as to from pgboss.job where name = 'mail-delivery'`.execute(server.ctx.db);
    expect(rows.find((r) => r.to === stranger)).toBeUndefined();
    // The mail went through the queue (it may still be marked active for a moment after delivery).
    expect(rows.some((r) => r.to === user.email)).toBe(true);
  });

  it('validates the e-mail with a pointer', async () => {
    const res = await requestReset('not-an-email');
    expect(res.status).toBe(422);
    expect(fieldErrors(res.body)).toEqual({ '/email': 'This email address is invalid' });
    const missing = await server.api.post('/passwordreset', {}, { headers: newAddress() });
    expect(fieldErrors(missing.body)).toEqual({ '/email': 'Email address is required' });
  });
});

describe('POST /passwordreset/confirm', () => {
  it('sets the new password, revokes old sessions and spends the token', async () => {
    const user = await createUser(server);
    const session = (await login(user, user.password)).body;
    const oldSession = session.access_token as string;
    expect((await server.api.get('/users/me', { token: oldSession })).status).toBe(200);

    const token = await resetTokenFor(user);
    const res = await confirm({ token, password: 'the new secret' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await login(user, 'the new secret')).status).toBe(200);
    const old = await login(user, user.password);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_grant');
    expect((await server.api.get('/users/me', { token: oldSession })).status).toBe(401);
    expect((await server.api.get('/users/me', { token: user.token })).status).toBe(401);
    // The old session cannot come back through its refresh token either.
    const revived = await server.api.post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      refresh_token: session.refresh_token,
    });
    expect(revived.status).toBe(400);
    expect(revived.body.error).toBe('invalid_grant');

    const again = await confirm({ token, password: 'another secret' });
    expect(again.status).toBe(422);
    expect(fieldErrors(again.body)).toEqual({ '/token': 'Invalid or expired reset token' });
    expect((await login(user, 'the new secret')).status).toBe(200);
  });

  it('spends every other outstanding reset token of the account', async () => {
    const user = await createUser(server);
    const first = await resetTokenFor(user);
    const second = await resetTokenFor(user);
    expect(first).not.toBe(second);
    expect((await confirm({ token: second, password: 'second secret' })).status).toBe(204);
    const stale = await confirm({ token: first, password: 'first secret' });
    expect(stale.status).toBe(422);
    expect(fieldErrors(stale.body)).toEqual({ '/token': 'Invalid or expired reset token' });
    expect((await login(user, 'second secret')).status).toBe(200);
  });

  it('accepts the token base64-encoded', async () => {
    const user = await createUser(server);
    const token = await resetTokenFor(user);
    const res = await confirm({ token: Buffer.from(token).toString('base64'), password: 'encoded secret' });
    expect(res.status).toBe(204);
    expect((await login(user, 'encoded secret')).status).toBe(200);
  });

  it('refuses a token older than 30 minutes', async () => {
    const user = await createUser(server);
    const token = await resetTokenFor(user);
    await server.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await confirm({ token, password: 'too late now' });
    expect(res.status).toBe(422);
    expect(fieldErrors(res.body)).toEqual({ '/token': 'Invalid or expired reset token' });
    expect((await login(user, user.password)).status).toBe(200);
  });

  it('refuses a common or personal new password and keeps the token for another try (issue 26)', async () => {
    const user = await createUser(server, { realname: 'Achieng Ouma' });
    const token = await resetTokenFor(user);
    const common = await confirm({ token, password: 'password123' });
    expect(common.status).toBe(422);
    expect(fieldErrors(common.body)).toEqual({ '/password': UserMessages.passwordTooCommon });
    const personal = await confirm({ token, password: user.email });
    expect(fieldErrors(personal.body)).toEqual({ '/password': UserMessages.passwordPersonal });
    expect((await login(user, user.password)).status).toBe(200);
    expect((await confirm({ token, password: 'river stones at dusk' })).status).toBe(204);
    expect((await login(user, 'river stones at dusk')).status).toBe(200);
  });

  it('answers an invalid token and a short password with pointers', async () => {
    const invalid = await confirm({ token: 'made-up-token', password: 'long enough' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[1]).toMatchObject({ status: 422, message: 'Invalid or expired reset token', source: { pointer: '/token' } });

    const user = await createUser(server);
    const token = await resetTokenFor(user);
    const short = await confirm({ token, password: 'short' });
    expect(short.status).toBe(422);
    expect(fieldErrors(short.body)).toEqual({ '/password': 'password must be at least 7 characters long' });
    // A refused attempt does not spend the token.
    expect((await confirm({ token, password: 'long enough now' })).status).toBe(204);

    const both = await confirm({ token: 'made-up', password: 'x' });
    expect(fieldErrors(both.body)).toEqual({
      '/token': 'Invalid or expired reset token',
      '/password': 'password must be at least 7 characters long',
    });
    const empty = await confirm({});
    expect(fieldErrors(empty.body)).toEqual({ '/token': 'Invalid or expired reset token', '/password': 'Password is required' });
    for (const body of [{ token: 5, password: 'long enough' }, { token: ['a'], password: 'long enough' }, [1, 2]]) {
      const res = await confirm(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});
