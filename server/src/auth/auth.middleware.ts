import { ADMIN_ROLE, MEMBER_ROLE } from '@platform/shared';
import type { RequestHandler } from 'express';
import type { Db } from '../db/database';
import { ApiError, unauthorized } from '../http/errors';
import type { SettingsService } from '../modules/settings/settings.service';
import { anonymousAuth, hasScope, type Auth } from './auth';
import { sha256 } from './secrets';
import type { TokenCache } from './token-cache';
import { findActiveToken, findActiveTokensByIds, type ActiveToken } from './tokens.repository';

/** With the roles feature off only the built-in map applies (API-CONTRACT 4.2). */
function effectivePermissions(role: string | null, stored: string[], rolesEnabled: boolean): Set<string> {
  if (rolesEnabled || role === ADMIN_ROLE) return new Set(stored);
  return new Set(role === MEMBER_ROLE ? ['Edit their own posts'] : []);
}

type ResolveDeps = { db: Db; settings: SettingsService; tokens: TokenCache; now: () => Date };

/** Who holds a token, and until when: a realtime socket keeps this and has it checked again. */
export type TokenHolder = { auth: Auth; expiresAt: Date | null };

function holderOf(found: ActiveToken, privateDeployment: boolean, rolesEnabled: boolean): TokenHolder {
  return {
    auth: {
      hasToken: true,
      userId: found.userId,
      role: found.userId === null ? null : found.role,
      permissions: effectivePermissions(found.role, found.permissions, rolesEnabled),
      scopes: new Set(found.scopes),
      clientId: found.clientId,
      tokenId: found.id,
      privateDeployment,
    },
    expiresAt: found.expiresAt,
  };
}

/** Resolves a bearer token (from a header or a socket handshake); null when invalid. */
export async function resolveHolder(deps: ResolveDeps, token: string | undefined): Promise<TokenHolder | null> {
  const privateDeployment = await deps.settings.isPrivate();
  if (token === undefined) return { auth: anonymousAuth(privateDeployment), expiresAt: null };
  const hash = sha256(token);
  const found = await deps.tokens.find(hash, () => findActiveToken(deps.db, hash, deps.now()));
  if (!found) return null;
  return holderOf(found, privateDeployment, await deps.settings.rolesEnabled());
}

export async function resolveToken(deps: ResolveDeps, token: string | undefined): Promise<Auth | null> {
  return (await resolveHolder(deps, token))?.auth ?? null;
}

/** The holders of the tokens among `tokenIds` that still work, as they are now (one query). */
export async function refreshHolders(deps: ResolveDeps, tokenIds: readonly number[]): Promise<Map<number, TokenHolder>> {
  const found = await findActiveTokensByIds(deps.db, tokenIds, deps.now());
  if (found.length === 0) return new Map();
  const [privateDeployment, rolesEnabled] = await Promise.all([deps.settings.isPrivate(), deps.settings.rolesEnabled()]);
  return new Map(found.map((token) => [token.id, holderOf(token, privateDeployment, rolesEnabled)]));
}

/** Sets `req.auth`. A malformed, unknown or expired token is a 401, so clients fetch a new one. */
export function authenticate(deps: ResolveDeps): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    let token: string | undefined;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1]) return unauthorized();
      token = match[1];
    }
    const auth = await resolveToken(deps, token);
    if (!auth) return unauthorized();
    req.auth = auth;
    next();
  };
}

/** Route groups that v3 puts behind `auth:api`: no Authorization header is a 401 before any lookup (API-CONTRACT 2.2). */
export const requireToken: RequestHandler = (req, _res, next) => {
  if (!req.auth.hasToken) return unauthorized();
  next();
};

/** Each route group needs one scope; a token without it gets 403; no token skips the check (API-CONTRACT 3). */
export function requireScope(...scopes: string[]): RequestHandler {
  return (req, _res, next) => {
    if (req.auth.hasToken && !scopes.some((scope) => hasScope(req.auth, scope))) {
      throw new ApiError(403, `This token does not carry the ${scopes.join(' or ')} scope`);
    }
    next();
  };
}
