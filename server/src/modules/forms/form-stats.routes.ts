import { FormStatsQuery } from '@platform/shared';
import { Router } from 'express';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentFormStats } from './form-stats.presenter';
import type { FormStatsService } from './form-stats.service';

/** `GET /forms/{id}/stats?created_after&created_before` (API-CONTRACT 7.5). */
export function formStatsRoutes(formStats: FormStatsService): Router {
  const router = Router();
  router
    .route('/forms/:formId/stats')
    .get(async (req, res) => {
      const { created_after: createdAfter, created_before: createdBefore } = parseQuery(FormStatsQuery, req.query, 'form_stats');
      const stats = await formStats.get(req.auth, idParam(req, 'formId'), { createdAfter, createdBefore });
      res.json(presentFormStats(req.base, req.auth, stats));
    })
    .all(methodNotAllowed);
  return router;
}
