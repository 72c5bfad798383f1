import { ANONYMOUS_SCOPES, PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { hashPassword } from '../../../server/src/auth/passwords';
import { issueTokens } from '../../../server/src/auth/tokens.repository';
import type { TestServer } from './server';

let counter = 0;
/** Unique per process and call, so tests never collide on names. */
export const unique = (prefix = 'x') => `${prefix}${process.pid}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export type TestUser = { id: number; email: string; password: string; realname: string; role: string | null; token: string };

export async function createUser(
  server: TestServer,
  input: { role?: string | null; email?: string; realname?: string; password?: string } = {},
): Promise<TestUser> {
  const email = input.email ?? `${unique('user')}@example.org`;
  const password = input.password ?? DEFAULT_PASSWORD;
  const passwordHash = input.password ? await hashPassword(password) : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const realname = input.realname ?? `Test ${unique('name')}`;
  const role = input.role === undefined ? 'user' : input.role;
  const row = await server.ctx.db
    .insertInto('users')
    .values({ email, realname, password_hash: passwordHash, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, realname, role, token: await tokenFor(server, row.id) };
}

/** A bearer token for a user (all scopes), or an anonymous client token when `userId` is null. */
export async function tokenFor(
  server: TestServer,
  userId: number | null,
  scopes: readonly string[] = userId === null ? ANONYMOUS_SCOPES : ['*'],
): Promise<string> {
  const tokens = await issueTokens(server.ctx.db, {
    clientId: PUBLIC_CLIENT_ID,
    userId,
    scopes: [...scopes],
    withRefresh: false,
    now: new Date(),
  });
  return tokens.accessToken;
}

export async function adminToken(server: TestServer): Promise<string> {
  const admin = await server.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  return tokenFor(server, admin.id);
}

export async function createRole(server: TestServer, permissions: string[], name = unique('role')): Promise<string> {
  await server.ctx.db
    .insertInto('roles')
    .values({ name, display_name: `Role ${name}`, description: null })
    .execute();
  if (permissions.length > 0)
    await server.ctx.db
      .insertInto('roles_permissions')
      .values(permissions.map((permission) => ({ role: name, permission })))
      .execute();
  return name;
}

export const passwordGrant = (username: string, password: string, scope = '*') => ({
  grant_type: 'password',
  client_id: PUBLIC_CLIENT_ID,
  client_secret: PUBLIC_CLIENT_SECRET,
  username,
  password,
  scope,
});

export const clientGrant = (scope = ANONYMOUS_SCOPES.join(' ')) => ({
  grant_type: 'client_credentials',
  client_id: PUBLIC_CLIENT_ID,
  client_secret: PUBLIC_CLIENT_SECRET,
  scope,
});
