import { Router, type Request, type Response } from 'express';
import { listEnvelope } from '../../http/envelope';
import { parsePaging, toList } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { idList, textParam } from './query-params';
import { presentStage } from './stages.presenter';
import { SORTABLE } from './stages.repository';
import type { StagesService } from './stages.service';

const RESOURCE = 'form_stage';

/** Tasks: `/forms/stages` (all surveys) and `/forms/{id}/stages[/{id}]` (API-CONTRACT 7.2). */
export function stagesRoutes(stages: StagesService): Router {
  const router = Router();
  const postStatus = (req: Request) => textParam(req.query.postStatus);

  async function list(req: Request, res: Response, formId: number | null) {
    const paging = parsePaging(req.query, { resource: RESOURCE, sortable: SORTABLE, orderby: 'id' });
    const filters = {
      formIds: idList(req.query.form_id, RESOURCE, 'form_id'),
      q: textParam(req.query.q),
      label: textParam(req.query.label),
      types: toList(req.query.type),
    };
    const { rows, total } = await stages.search(req.auth, formId, filters, paging, postStatus(req));
    res.json(
      listEnvelope(
        req,
        rows.map((row) => presentStage(req.base, req.auth, row, postStatus(req))),
        paging,
        total,
      ),
    );
  }

  router
    .route('/forms/stages')
    .get((req, res) => list(req, res, null))
    .all(methodNotAllowed);

  router
    .route('/forms/:formId/stages')
    .get((req, res) => list(req, res, idParam(req, 'formId')))
    .post(async (req, res) => {
      const stage = await stages.create(req.auth, idParam(req, 'formId'), req.body);
      res.json(presentStage(req.base, req.auth, stage));
    })
    .all(methodNotAllowed);

  router
    .route('/forms/:formId/stages/:id')
    .get(async (req, res) => {
      const stage = await stages.get(req.auth, idParam(req, 'formId'), idParam(req), postStatus(req));
      res.json(presentStage(req.base, req.auth, stage, postStatus(req)));
    })
    .put(async (req, res) => {
      const stage = await stages.update(req.auth, idParam(req, 'formId'), idParam(req), req.body);
      res.json(presentStage(req.base, req.auth, stage));
    })
    .delete(async (req, res) => {
      const stage = await stages.remove(req.auth, idParam(req, 'formId'), idParam(req));
      res.json(presentStage(req.base, req.auth, stage));
    })
    .all(methodNotAllowed);

  return router;
}
