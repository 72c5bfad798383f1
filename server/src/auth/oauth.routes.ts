import express, { Router, type ErrorRequestHandler, type Request } from 'express';
import { ApiError, OAuthError } from '../http/errors';
import { methodNotAllowed } from '../http/routing';
import type { createOAuthService } from './oauth.service';

/** Mounted at the root, not under /api/v3 (API-CONTRACT 3). Accepts form-encoded and JSON bodies. */
export function oauthRoutes(oauth: ReturnType<typeof createOAuthService>): Router {
  const router = Router();
  // Small limits for the OAuth endpoints only (an app-wide parser would cap every API body).
  const parsers = [express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '16kb' })];
  const bodyOf = (req: Request) => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});
  router
    .route('/oauth/token')
    .post(...parsers, async (req, res) => {
      const tokens = await oauth.token(bodyOf(req), req.ip ?? 'unknown');
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        token_type: 'Bearer',
        expires_in: tokens.expiresIn,
        access_token: tokens.accessToken,
        ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      });
    })
    .all(methodNotAllowed);
  // Logout (RFC 7009): 200 with an empty body whether or not the token was known.
  router
    .route('/oauth/revoke')
    .post(...parsers, async (req, res) => {
      await oauth.revoke(bodyOf(req));
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).end();
    })
    .all(methodNotAllowed);
  // A body that cannot be read (malformed, too large, in an unknown encoding) is a malformed token
  // request: the OAuth shape, like every other token failure, with the parser's status.
  const malformed: ErrorRequestHandler = (error, _req, _res, next) => {
    const parser = error as { status?: unknown } | null;
    const fromParser = !(error instanceof OAuthError || error instanceof ApiError) && typeof parser?.status === 'number';
    if (!fromParser || (parser.status as number) < 400 || (parser.status as number) >= 500) return next(error);
    const description =
      parser.status === 413
        ? 'The request body is too large.'
        : parser.status === 415
          ? 'The request body is in an encoding or character set this server does not read.'
          : 'The request body could not be read.';
    next(new OAuthError(parser.status as number, 'invalid_request', description, 'Send JSON or form-encoded parameters'));
  };
  router.use(['/oauth/token', '/oauth/revoke'], malformed);
  return router;
}
