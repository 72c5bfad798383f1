import { StageVisibilityQuery, type Paging } from '@platform/shared';
import { Router, type Request } from 'express';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';

/** The service of a survey's stages or fields: reads depend on `postStatus`, writes are under a survey. */
type SurveyPartService<Row, Filters> = {
  get(auth: Auth, formId: number, id: number, postStatus?: string): Promise<Row>;
  search(auth: Auth, formId: number | null, filters: Filters, paging: Paging, postStatus?: string): Promise<{ rows: Row[]; total: number }>;
  create(auth: Auth, formId: number, body: unknown): Promise<Row>;
  update(auth: Auth, formId: number, id: number, body: unknown): Promise<Row>;
  remove(auth: Auth, formId: number, id: number): Promise<Row>;
};

type ListQuery<F> = z.ZodType<{ paging: Paging; filters: F & { postStatus?: string } }>;

/**
 * Stages and fields are routed alike: `/forms/{part}` lists every survey's, and
 * `/forms/{id}/{part}[/{id}]` one survey's (API-CONTRACT 7.2, 7.3).
 */
export function surveyPartRoutes<Row, Filters, F>(part: {
  path: 'stages' | 'attributes';
  resource: string;
  service: SurveyPartService<Row, Filters>;
  present: (base: string, auth: Auth, row: Row, postStatus?: string) => unknown;
  listQuery: ListQuery<F>;
  filtersOf: (query: F) => Filters;
}): Router {
  const { path, resource, service, present } = part;
  const router = Router();
  const postStatus = (req: Request) => parseQuery(StageVisibilityQuery, req.query, resource).postStatus;

  const list = async (req: Request, formId: number | null) => {
    const { paging, filters } = parseQuery(part.listQuery, req.query, resource);
    const { rows, total } = await service.search(req.auth, formId, part.filtersOf(filters), paging, filters.postStatus);
    const results = rows.map((row) => present(req.base, req.auth, row, filters.postStatus));
    return listEnvelope(req, results, paging, total);
  };

  router
    .route(`/forms/${path}`)
    .get(async (req, res) => {
      res.json(await list(req, null));
    })
    .all(methodNotAllowed);

  router
    .route(`/forms/:formId/${path}`)
    .get(async (req, res) => {
      res.json(await list(req, idParam(req, 'formId')));
    })
    .post(async (req, res) => {
      res.json(present(req.base, req.auth, await service.create(req.auth, idParam(req, 'formId'), req.body)));
    })
    .all(methodNotAllowed);

  router
    .route(`/forms/:formId/${path}/:id`)
    .get(async (req, res) => {
      const row = await service.get(req.auth, idParam(req, 'formId'), idParam(req), postStatus(req));
      res.json(present(req.base, req.auth, row, postStatus(req)));
    })
    .put(async (req, res) => {
      res.json(present(req.base, req.auth, await service.update(req.auth, idParam(req, 'formId'), idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(present(req.base, req.auth, await service.remove(req.auth, idParam(req, 'formId'), idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
