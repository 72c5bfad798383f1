import fs from 'node:fs';
import { ExportListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { isLoggedIn } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { deny, notFound } from '../../http/errors';
import { parsePaging, parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentExportJob } from './exports.presenter';
import { exportRule } from './exports.policy';
import type { ExportsService } from './exports.service';

const RESOURCE = 'export_job';
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', geojson: 'application/geo+json' } as const;

export function exportsRoutes(exports: ExportsService, now: () => Date): Router {
  const router = Router();

  // The signed URL is the capability (a link the browser follows, no bearer token): before auth checks.
  router.get('/exports/jobs/:id/file', async (req, res) => {
    const expires = Number(req.query.expires);
    const signature = typeof req.query.signature === 'string' ? req.query.signature : '';
    const file = Number.isSafeInteger(expires) ? await exports.download(idParam(req), expires, signature) : null;
    if (!file) return notFound(RESOURCE, req.params.id);
    const stat = await fs.promises.stat(file.path).catch(() => null);
    if (!stat) return notFound(RESOURCE, req.params.id);
    res.setHeader('Content-Type', CONTENT_TYPES[file.row.format]);
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(`export-${file.row.id}.${file.row.format}`);
    const stream = fs.createReadStream(file.path);
    stream.once('error', (err) => {
      req.log?.warn({ err }, 'export file read failed');
      res.destroy(err);
    });
    stream.pipe(res);
  });

  router.use('/exports/jobs', requireScope('posts'), requireToken);

  router
    .route('/exports/jobs')
    .get(async (req, res) => {
      const query = parseQuery(ExportListQuery, req.query, RESOURCE);
      const paging = parsePaging(req.query, { resource: RESOURCE, sortable: ['id'] as const, orderby: 'id', order: 'desc' });
      const { rows, total } = await exports.search(req.auth, query, paging);
      const at = now();
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentExportJob(req.base, req.auth, exports.files, row, at)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      exports.assertCanCreate(req.auth);
      if (!isLoggedIn(req.auth)) return deny(req.auth);
      res.json(presentExportJob(req.base, req.auth, exports.files, await exports.create(req.auth, req.body), now()));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(exportRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/exports/jobs/:id')
    .get(async (req, res) => {
      res.json(presentExportJob(req.base, req.auth, exports.files, await exports.get(req.auth, idParam(req)), now()));
    })
    .delete(async (req, res) => {
      res.json(presentExportJob(req.base, req.auth, exports.files, await exports.cancel(req.auth, idParam(req)), now()));
    })
    .all(methodNotAllowed);

  return router;
}
