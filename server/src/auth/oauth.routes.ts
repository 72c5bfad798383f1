import express, { Router, type ErrorRequestHandler } from 'express';
import { OAuthError } from '../http/errors';
import { methodNotAllowed } from '../http/routing';
import type { createOAuthService } from './oauth.service';

/** Mounted at the root, not under /api/v3 (API-CONTRACT 3). Accepts form-encoded and JSON bodies. */
export function oauthRoutes(oauth: ReturnType<typeof createOAuthService>): Router {
  const router = Router();
  router
    .route('/oauth/token')
    // Small limits for the token endpoint only (an app-wide parser would cap every API body).
    .post(express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
      const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
      const tokens = await oauth.token(body, req.ip ?? 'unknown');
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        token_type: 'Bearer',
        expires_in: tokens.expiresIn,
        access_token: tokens.accessToken,
        ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      });
    })
    .all(methodNotAllowed);
  // An unreadable body is a malformed token request: the OAuth shape, like every other token failure.
  const malformed: ErrorRequestHandler = (error, _req, _res, next) => {
    const parseFailed = (error as { type?: unknown } | null)?.type === 'entity.parse.failed';
    next(
      parseFailed
        ? new OAuthError(400, 'invalid_request', 'The request body could not be read.', 'Send JSON or form-encoded parameters')
        : error,
    );
  };
  router.use('/oauth/token', malformed);
  return router;
}
