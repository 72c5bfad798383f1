import { ANONYMOUS_SCOPES, SCOPES } from '@platform/shared';
import type { Db } from '../db/database';
import type { RunInTransaction } from '../db/tx';
import { appendEvent } from '../events/events.repository';
import { OAuthError } from '../http/errors';
import { decoyHash, verifyPassword } from './passwords';
import { safeEqual, sha256 } from './secrets';
import type { LoginThrottle } from './throttle';
import type { TokenCache } from './token-cache';
import { consumeRefreshToken, findClient, issueTokens, revokeSession, type IssuedTokens } from './tokens.repository';

type TokenRequest = Record<string, unknown>;

// A NUL character can match nothing stored (and Postgres refuses it): treat it as a missing parameter.
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && !value.includes('\0') ? value : undefined;

function parseScopes(raw: unknown, fallback: readonly string[]): string[] {
  const text = str(raw);
  if (!text) return [...fallback];
  const scopes = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((s) => s !== '*' && !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new OAuthError(
      400,
      'invalid_scope',
      'The requested scope is invalid, unknown, or malformed',
      `Check the \`${unknown[0]}\` scope`,
    );
  }
  return scopes;
}

function missing(name: string): never {
  throw new OAuthError(
    400,
    'invalid_request',
    'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
    `Check the \`${name}\` parameter`,
  );
}

const badCredentials = () => new OAuthError(400, 'invalid_grant', 'The user credentials were incorrect.');

/**
 * POST /oauth/token: password, client_credentials and refresh_token grants (API-CONTRACT 3).
 * POST /oauth/revoke: logout, RFC 7009 style.
 */
export function createOAuthService(deps: { db: Db; tx: RunInTransaction; throttle: LoginThrottle; tokens: TokenCache; now: () => Date }) {
  async function authenticateClient(body: TokenRequest): Promise<string> {
    const clientId = str(body.client_id);
    const secret = str(body.client_secret);
    const client = clientId ? await findClient(deps.db, clientId) : undefined;
    if (!client || !secret || !safeEqual(client.secret_hash, sha256(secret))) {
      throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
    }
    return client.id;
  }

  async function passwordGrant(body: TokenRequest, clientId: string, address: string): Promise<IssuedTokens> {
    const username = str(body.username) ?? missing('username');
    const password = str(body.password) ?? missing('password');
    const scopes = parseScopes(body.scope, ['*']);

    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), '=', username.toLowerCase()), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]),
      )
      .executeTakeFirst();
    // One budget per account however it is typed (e-mail or username); unknown names get their own.
    const account = user ? `user:${user.id}` : `name:${username}`;
    await deps.throttle.assertAllowed(account, address);
    const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
    const now = deps.now();
    if (!user || !ok) {
      await deps.throttle.recordFailure(account, address);
      if (user) {
        await deps.db
          .updateTable('users')
          .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), last_attempt: now }))
          .where('id', '=', user.id)
          .execute();
      }
      throw badCredentials();
    }
    await deps.throttle.recordSuccess(account, address);
    await deps.db
      .updateTable('users')
      .set((eb) => ({ logins: eb('logins', '+', 1), last_login: now, last_attempt: now, failed_attempts: 0 }))
      .where('id', '=', user.id)
      .execute();
    return issueTokens(deps.db, { clientId, userId: user.id, scopes, withRefresh: true, now });
  }

  async function refreshGrant(body: TokenRequest, clientId: string): Promise<IssuedTokens> {
    const raw = str(body.refresh_token) ?? missing('refresh_token');
    const now = deps.now();
    const consumed = await consumeRefreshToken(deps.db, raw, clientId, now);
    if (!consumed) throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid.', 'Token has been revoked');
    // No event says so: the token it replaces stops working here now, on other nodes within their cache's time.
    deps.tokens.forget(consumed.accessId);
    return issueTokens(deps.db, { clientId, userId: consumed.userId, scopes: consumed.scopes, withRefresh: true, now });
  }

  return {
    async token(body: TokenRequest, address: string): Promise<IssuedTokens> {
      const grant = str(body.grant_type) ?? missing('grant_type');
      if (!['password', 'client_credentials', 'refresh_token'].includes(grant)) {
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          'The authorization grant type is not supported by the authorization server.',
          'Check that all required parameters have been provided',
        );
      }
      const clientId = await authenticateClient(body);
      if (grant === 'password') return passwordGrant(body, clientId, address);
      if (grant === 'refresh_token') return refreshGrant(body, clientId);
      const scopes = parseScopes(body.scope, ANONYMOUS_SCOPES);
      return issueTokens(deps.db, { clientId, userId: null, scopes, withRefresh: false, now: deps.now() });
    },

    /**
     * Revokes an access or refresh token of the calling client and the other token of its pair.
     * An unknown, spent or foreign token is not an error (RFC 7009 2.2): the client's aim, that
     * the token no longer works, is met either way. The event tells every node's sockets held
     * with this token to stop receiving what only its user may see.
     */
    async revoke(body: TokenRequest): Promise<void> {
      const clientId = await authenticateClient(body);
      const raw = str(body.token) ?? missing('token');
      const hint = str(body.token_type_hint);
      await deps.tx(async (trx) => {
        const ended = await revokeSession(trx, raw, clientId, hint === 'access_token' || hint === 'refresh_token' ? hint : undefined);
        if (!ended) return;
        await appendEvent(trx, {
          type: 'token.revoked',
          aggregateType: 'token',
          aggregateId: ended.accessTokenId,
          actorId: ended.userId,
        });
      });
    },
  };
}
