import { ADMIN_ROLE, MEMBER_ROLE } from '@platform/shared';
import type { RequestHandler } from 'express';
import type { Db } from '../db/database';
import { ApiError, unauthorized } from '../http/errors';
import type { SettingsService } from '../modules/config/config.service';
import { anonymousAuth, hasScope, type Auth } from './auth';
import { findActiveToken } from './tokens.repository';

/** With the roles feature off only the built-in map applies (API-CONTRACT 4.2). */
function effectivePermissions(role: string | null, stored: string[], rolesEnabled: boolean): Set<string> {
  if (rolesEnabled || role === ADMIN_ROLE) return new Set(stored);
  return new Set(role === MEMBER_ROLE ? ['Edit their own posts'] : []);
}

/** Resolves a bearer token (from a header or a socket handshake) into an Auth; null when invalid. */
export async function resolveToken(
  deps: { db: Db; settings: SettingsService; now: () => Date },
  token: string | undefined,
): Promise<Auth | null> {
  const privateDeployment = await deps.settings.isPrivate();
  if (token === undefined) return anonymousAuth(privateDeployment);
  const found = await findActiveToken(deps.db, token, deps.now());
  if (!found) return null;
  return {
    hasToken: true,
    userId: found.userId,
    role: found.userId === null ? null : found.role,
    permissions: effectivePermissions(found.role, found.permissions, await deps.settings.rolesEnabled()),
    scopes: new Set(found.scopes),
    clientId: found.clientId,
    tokenId: found.id,
    privateDeployment,
  };
}

/** Sets `req.auth`. A malformed, unknown or expired token is a 401, so clients fetch a new one. */
export function authenticate(deps: Parameters<typeof resolveToken>[0]): RequestHandler {
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
