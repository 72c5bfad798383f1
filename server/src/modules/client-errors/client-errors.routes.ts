import { ClientErrorReport } from '@platform/shared';
import { Router } from 'express';
import type { Logger } from 'pino';
import { createRateLimit } from '../../auth/throttle';
import { parseBody } from '../../http/errors';
import { methodNotAllowed } from '../../http/routing';

/**
 * `POST /client-errors`: a browser says one region of a screen failed (its error boundary caught
 * it), so the failure reaches the server's log with the route, instead of staying on one screen.
 * Anyone may report, anonymous visitors included, within a budget per address.
 */
export function clientErrorsRoutes(logger: Logger, options: { perMinute?: number } = {}): Router {
  const router = Router();
  const limit = createRateLimit({ points: options.perMinute ?? 30, windowSeconds: 60, message: 'Too Many Requests' });
  router
    .route('/client-errors')
    .post(async (req, res) => {
      await limit(req.ip ?? 'unknown');
      const report = parseBody(ClientErrorReport, req.body, 'client_error');
      logger.error(
        { clientError: { ...report, userId: req.auth.userId ?? null } },
        `a screen region failed in a browser: ${report.region}`,
      );
      res.status(204).end();
    })
    .all(methodNotAllowed);
  return router;
}
