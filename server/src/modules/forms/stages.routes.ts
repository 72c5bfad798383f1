import { StageListQuery, StageVisibilityQuery } from '@platform/shared';
import { Router, type Request, type Response } from 'express';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentStage } from './stages.presenter';
import type { StagesService } from './stages.service';

const RESOURCE = 'form_stage';

/** Tasks: `/forms/stages` (all surveys) and `/forms/{id}/stages[/{id}]` (API-CONTRACT 7.2). */
export function stagesRoutes(stages: StagesService): Router {
  const router = Router();
  const postStatus = (req: Request) => parseQuery(StageVisibilityQuery, req.query, RESOURCE).postStatus;

  async function list(req: Request, res: Response, formId: number | null) {
    const { paging, filters } = parseQuery(StageListQuery, req.query, RESOURCE);
    const { postStatus, form_id: formIds, q, label, type: types } = filters;
    const { rows, total } = await stages.search(req.auth, formId, { formIds, q, label, types }, paging, postStatus);
    res.json(
      listEnvelope(
        req,
        rows.map((row) => presentStage(req.base, req.auth, row, postStatus)),
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
