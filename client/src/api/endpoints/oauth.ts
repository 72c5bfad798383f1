import { ANONYMOUS_SCOPES, PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET, TokenResponseSchema, type TokenResponse } from '@platform/shared';
import type { ApiClient } from '../client';

/** Logged-in users ask for every scope (spec 1 section 6). */
export function passwordGrant(api: ApiClient, username: string, password: string): Promise<TokenResponse> {
  return api.post('/oauth/token', TokenResponseSchema, {
    token: null,
    body: { grant_type: 'password', client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET, username, password, scope: '*' },
  });
}

/** The anonymous visitor's token (API-CONTRACT 3). */
export function clientCredentialsGrant(api: ApiClient): Promise<TokenResponse> {
  return api.post('/oauth/token', TokenResponseSchema, {
    token: null,
    body: {
      grant_type: 'client_credentials',
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      scope: ANONYMOUS_SCOPES.join(' '),
    },
  });
}

/**
 * Logout (RFC 7009): the server forgets the access token and the refresh token issued with it, so
 * neither works again anywhere. Sent without the session's own handling of refusals.
 */
export function revokeToken(api: ApiClient, token: string): Promise<void> {
  return api.send('POST', '/oauth/revoke', {
    token: null,
    body: { token, token_type_hint: 'access_token', client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET },
  });
}

/** Absolute expiry in ms: `expires` (seconds since epoch) when a server sends it, else `expires_in`. */
export function tokenExpiry(token: TokenResponse, now: number): number {
  if (typeof token.expires === 'number' && token.expires > 0) return token.expires * 1000;
  return now + token.expires_in * 1000;
}
