import { Router } from 'express';
import { createRateLimit } from '../../auth/throttle';
import { methodNotAllowed } from '../../http/routing';
import type { GeocodeService } from './geocode.service';

/** `GET /geocode`: anonymous callers allowed, so each address gets a budget (like registration). */
export function geocodeRoutes(geocode: GeocodeService, options: { perMinute?: number } = {}): Router {
  const router = Router();
  const limit = createRateLimit({ points: options.perMinute ?? 120, windowSeconds: 60, message: 'Too Many Requests' });
  router
    .route('/geocode')
    .get(async (req, res) => {
      await limit(req.ip ?? 'unknown');
      res.json(await geocode.search(req.auth, req.query));
    })
    .all(methodNotAllowed);
  return router;
}
