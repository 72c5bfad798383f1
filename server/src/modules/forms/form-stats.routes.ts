import { Router } from 'express';
import { invalid } from '../../http/errors';
import { toScalar } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentFormStats } from './form-stats.presenter';
import type { FormStatsService } from './form-stats.service';

/** A date filter: an ISO or other parseable date, or epoch seconds; anything else is a 422. */
function dateParam(value: unknown, name: string): Date | undefined {
  const raw = toScalar(value);
  if (raw === undefined) return undefined;
  const date = /^\d{1,12}$/.test(raw) ? new Date(Number(raw) * 1000) : new Date(raw);
  if (Number.isNaN(date.getTime())) invalid('form_stats', `/${name}`, `${name} must be a date`);
  return date;
}

/** `GET /forms/{id}/stats?created_after&created_before` (API-CONTRACT 7.5). */
export function formStatsRoutes(formStats: FormStatsService): Router {
  const router = Router();
  router
    .route('/forms/:formId/stats')
    .get(async (req, res) => {
      const range = {
        createdAfter: dateParam(req.query.created_after, 'created_after'),
        createdBefore: dateParam(req.query.created_before, 'created_before'),
      };
      const stats = await formStats.get(req.auth, idParam(req, 'formId'), range);
      res.json(presentFormStats(req.base, req.auth, stats));
    })
    .all(methodNotAllowed);
  return router;
}
