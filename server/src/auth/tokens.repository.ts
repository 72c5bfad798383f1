import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@platform/shared';
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { randomToken, sha256 } from './secrets';

export type IssuedTokens = { accessToken: string; refreshToken: string | null; expiresIn: number };

export async function issueTokens(
  db: Executor,
  input: { clientId: string; userId: number | null; scopes: string[]; withRefresh: boolean; now: Date },
): Promise<IssuedTokens> {
  const accessToken = randomToken();
  const access = await db
    .insertInto('oauth_access_tokens')
    .values({
      token_hash: sha256(accessToken),
      client_id: input.clientId,
      user_id: input.userId,
      scopes: input.scopes,
      expires_at: new Date(input.now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let refreshToken: string | null = null;
  if (input.withRefresh) {
    refreshToken = randomToken();
    await db
      .insertInto('oauth_refresh_tokens')
      .values({
        token_hash: sha256(refreshToken),
        access_token_id: access.id,
        expires_at: new Date(input.now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      })
      .execute();
  }
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export type ActiveToken = {
  id: number;
  clientId: string;
  userId: number | null;
  scopes: string[];
  role: string | null;
  permissions: string[];
  expiresAt: Date;
};

/** Live tokens with their user's role and the role's permissions, in one query. */
const activeTokens = (db: Executor, now: Date) =>
  db
    .selectFrom('oauth_access_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.client_id',
      't.user_id',
      't.scopes',
      't.expires_at',
      'u.role',
      sql<string[]>`coalesce((select array_agg(rp.permission) from roles_permissions rp where rp.role = u.role), '{}')`.as('permissions'),
    ])
    .where('t.revoked', '=', false)
    .where('t.expires_at', '>', now);

type ActiveRow = Awaited<ReturnType<ReturnType<typeof activeTokens>['executeTakeFirstOrThrow']>>;

const toActive = (row: ActiveRow): ActiveToken => ({
  id: row.id,
  clientId: row.client_id,
  userId: row.user_id,
  scopes: row.scopes,
  role: row.role,
  permissions: row.permissions,
  expiresAt: row.expires_at,
});

/** The token with this hash (`sha256` of the raw token), its user's role and the role's permissions, in one query. */
export async function findActiveToken(db: Executor, hash: string, now: Date): Promise<ActiveToken | null> {
  const row = await activeTokens(db, now).where('t.token_hash', '=', hash).executeTakeFirst();
  return row ? toActive(row) : null;
}

/** The tokens among `ids` that still work, as they are now (the realtime hub re-checks its sockets). */
export async function findActiveTokensByIds(db: Executor, ids: readonly number[], now: Date): Promise<ActiveToken[]> {
  if (ids.length === 0) return [];
  const rows = await activeTokens(db, now)
    .where('t.id', 'in', [...ids])
    .execute();
  return rows.map(toActive);
}

/** Consumes a refresh token (single use) and revokes its access token: returns both's owner, or null when unknown or spent. */
export async function consumeRefreshToken(
  db: Executor,
  raw: string,
  clientId: string,
  now: Date,
): Promise<{ accessId: number; userId: number | null; scopes: string[] } | null> {
  const row = await db
    .updateTable('oauth_refresh_tokens as r')
    .set({ revoked: true })
    .from('oauth_access_tokens as t')
    .whereRef('t.id', '=', 'r.access_token_id')
    .where('r.token_hash', '=', sha256(raw))
    .where('r.revoked', '=', false)
    .where('r.expires_at', '>', now)
    // A revoked session (password reset, deleted account) cannot be revived through its refresh token.
    .where('t.revoked', '=', false)
    .where('t.client_id', '=', clientId)
    .returning(['t.id as accessId', 't.user_id', 't.scopes'])
    .executeTakeFirst();
  if (!row) return null;
  await db.updateTable('oauth_access_tokens').set({ revoked: true }).where('id', '=', row.accessId).execute();
  return { accessId: row.accessId, userId: row.user_id, scopes: row.scopes };
}

export async function findClient(db: Executor, clientId: string) {
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

export type RevokedSession = { accessTokenId: number; userId: number | null };

/**
 * Ends the session a raw access or refresh token of `clientId` belongs to: the access token and
 * every refresh token issued with it (RFC 7009 2.1: either one revokes the pair). The hint only
 * says where to look first. Null when no token of that client matched or it was already revoked.
 */
export async function revokeSession(
  db: Executor,
  raw: string,
  clientId: string,
  hint: 'access_token' | 'refresh_token' | undefined,
): Promise<RevokedSession | null> {
  const hash = sha256(raw);
  const byAccess = () =>
    db.selectFrom('oauth_access_tokens').select('id').where('token_hash', '=', hash).where('client_id', '=', clientId).executeTakeFirst();
  const byRefresh = () =>
    db
      .selectFrom('oauth_refresh_tokens as r')
      .innerJoin('oauth_access_tokens as t', 't.id', 'r.access_token_id')
      .select('t.id')
      .where('r.token_hash', '=', hash)
      .where('t.client_id', '=', clientId)
      .executeTakeFirst();
  const found = hint === 'refresh_token' ? ((await byRefresh()) ?? (await byAccess())) : ((await byAccess()) ?? (await byRefresh()));
  if (!found) return null;
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked: true })
    .where('access_token_id', '=', found.id)
    .where('revoked', '=', false)
    .execute();
  const revoked = await db
    .updateTable('oauth_access_tokens')
    .set({ revoked: true })
    .where('id', '=', found.id)
    .where('revoked', '=', false)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
  return revoked ? { accessTokenId: revoked.id, userId: revoked.user_id } : null;
}

export async function revokeUserTokens(db: Executor, userId: number): Promise<void> {
  await db.updateTable('oauth_access_tokens').set({ revoked: true }).where('user_id', '=', userId).execute();
}
