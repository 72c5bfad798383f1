import { Router, type RequestHandler } from 'express';
import { presentVerification } from './verifier.presenter';
import type { VerifierResult, VerifierService } from './verifier.service';

const DEBUG_HEADER = 'X-Ushahidi-Platform-Install-Debug-Mode';

/**
 * `/verifier/db` and `/verifier/env` answer any method without auth or scope (API-CONTRACT 14.11):
 * with install debug mode off they say nothing but 204 and the header.
 */
export function verifierRoutes(verifier: VerifierService): Router {
  const check =
    (run: () => Promise<VerifierResult>): RequestHandler =>
    async (_req, res) => {
      if (!verifier.enabled()) {
        res.setHeader(DEBUG_HEADER, 'off');
        res.status(204).end();
        return;
      }
      const result = await run();
      res.setHeader(DEBUG_HEADER, 'on');
      res.json(presentVerification(result));
    };

  const router = Router();
  router.all(
    '/verifier/db',
    check(() => verifier.database()),
  );
  router.all(
    '/verifier/env',
    check(() => verifier.environment()),
  );
  return router;
}
