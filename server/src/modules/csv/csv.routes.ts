import { CSV_MAX_BYTES, CsvListQuery, CsvMessages } from '@platform/shared';
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { isLoggedIn } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { ApiError, deny, ValidationError } from '../../http/errors';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { csvRule } from './csv.policy';
import { presentCsvImport } from './csv.presenter';
import type { CsvService, CsvUpload } from './csv.service';

/**
 * Reads the multipart body into memory (one file of at most 10 MB). A larger file is a 422 with
 * the size message; a body busboy cannot parse is the caller's fault: 400, never 5xx.
 */
function uploadReader() {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  }).single('file');
  return (req: Request, res: Response): Promise<CsvUpload> =>
    new Promise((resolve, reject) => {
      single(req, res, (error: unknown) => {
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return reject(new ValidationError('csv', [{ pointer: '/file', message: CsvMessages.fileTooLarge }]));
        if (error instanceof multer.MulterError) return reject(error);
        if (error) return reject(new ApiError(400, 'The upload could not be read as multipart form data', { title: 'Bad Request' }));
        const body = (req.body ?? {}) as Record<string, unknown>;
        resolve({ file: req.file, formId: body.form_id });
      });
    });
}

export function csvRoutes(csv: CsvService): Router {
  const router = Router();
  const readUpload = uploadReader();
  // The feature gate comes first: while it is off the route does not exist for anyone (404).
  router.use('/csv', async (_req, _res, next) => {
    await csv.assertEnabled();
    next();
  });
  router.use('/csv', requireScope('csv'), requireToken);

  router
    .route('/csv')
    .get(async (req, res) => {
      const { paging } = parseQuery(CsvListQuery, req.query, 'csv');
      const { rows, total } = await csv.search(req.auth, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentCsvImport(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      // Refused before the body is read: a member's 10 MB upload is not parsed to be told 403.
      csv.assertCanCreate(req.auth);
      if (!isLoggedIn(req.auth)) return deny(req.auth);
      res.json(presentCsvImport(req.base, req.auth, await csv.upload(req.auth, await readUpload(req, res))));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(csvRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/csv/:id')
    .get(async (req, res) => {
      res.json(presentCsvImport(req.base, req.auth, await csv.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentCsvImport(req.base, req.auth, await csv.map(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentCsvImport(req.base, req.auth, await csv.cancel(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  // The client sends `{id, action: "import"}`; the body adds nothing the path does not say.
  router
    .route('/csv/:id/import')
    .post(async (req, res) => {
      if (!isLoggedIn(req.auth)) return deny(req.auth);
      res.json(presentCsvImport(req.base, req.auth, await csv.start(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  router
    .route('/csv/:id/errors')
    .get(async (req, res) => {
      const { row, csv: report } = await csv.errorReport(req.auth, idParam(req));
      const name = `${row.filename.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_')}-errors.csv`;
      res.type('text/csv; charset=utf-8').attachment(name).send(report);
    })
    .all(methodNotAllowed);

  return router;
}
