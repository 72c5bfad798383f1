import { HxlMetadataListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentHxlLicense, presentHxlMetadata, presentHxlTag } from './hxl.presenter';
import type { HxlService } from './hxl.service';

/** The whole list in one answer (these lists are short): the v3 envelope without paging. */
const envelope = <T>(results: T[]) => ({ count: results.length, results, total_count: results.length });

/** `/hxl/*` (API-CONTRACT 14.12, issue 22 item 5); 404 while the `hxl` feature is off. */
export function hxlRoutes(hxl: HxlService): Router {
  const router = Router();
  router.use('/hxl', requireScope('hxl', 'posts'), requireToken, async (_req, _res, next) => {
    await hxl.assertEnabled();
    next();
  });

  router
    .route('/hxl/tags')
    .get(async (req, res) => {
      res.json(envelope((await hxl.tags()).map((tag) => presentHxlTag(req.base, tag))));
    })
    .all(methodNotAllowed);

  router
    .route('/hxl/licenses')
    .get(async (req, res) => {
      res.json(envelope((await hxl.licenses()).map((license) => presentHxlLicense(req.base, license))));
    })
    .all(methodNotAllowed);

  router
    .route('/hxl/organisations')
    .get(async (req, res) => {
      res.json(envelope(await hxl.organisations(req.auth)));
    })
    .all(methodNotAllowed);

  router
    .route('/hxl/metadata')
    .get(async (req, res) => {
      const query = parseQuery(HxlMetadataListQuery, req.query, 'hxl_meta_data');
      const rows = await hxl.searchMetadata(req.auth, query.export_job_id ?? null);
      res.json(envelope(rows.map((row) => presentHxlMetadata(req.base, req.auth, row))));
    })
    .post(async (req, res) => {
      res.json(presentHxlMetadata(req.base, req.auth, await hxl.saveMetadata(req.auth, req.body)));
    })
    .all(methodNotAllowed);

  router
    .route('/hxl/metadata/:id')
    .get(async (req, res) => {
      res.json(presentHxlMetadata(req.base, req.auth, await hxl.getMetadata(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
