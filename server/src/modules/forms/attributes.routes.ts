import { AttributeListQuery, StageVisibilityQuery } from '@platform/shared';
import { Router, type Request, type Response } from 'express';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentAttribute } from './attributes.presenter';
import type { AttributesService } from './attributes.service';

const RESOURCE = 'form_attribute';

/**
 * Fields: `/forms/attributes` (all surveys) and `/forms/{id}/attributes[/{id}]`. The client asks
 * `order=asc&orderby=priority` (API-CONTRACT 7.3, 15).
 */
export function attributesRoutes(attributes: AttributesService): Router {
  const router = Router();
  const postStatus = (req: Request) => parseQuery(StageVisibilityQuery, req.query, RESOURCE).postStatus;

  async function list(req: Request, res: Response, formId: number | null) {
    const { paging, filters } = parseQuery(AttributeListQuery, req.query, RESOURCE);
    const { postStatus, form_id: formIds, type: types, input: inputs, label: labels, key: keys } = filters;
    const { rows, total } = await attributes.search(req.auth, formId, { formIds, types, inputs, labels, keys }, paging, postStatus);
    res.json(
      listEnvelope(
        req,
        rows.map((row) => presentAttribute(req.base, req.auth, row, postStatus)),
        paging,
        total,
      ),
    );
  }

  router
    .route('/forms/attributes')
    .get((req, res) => list(req, res, null))
    .all(methodNotAllowed);

  router
    .route('/forms/:formId/attributes')
    .get((req, res) => list(req, res, idParam(req, 'formId')))
    .post(async (req, res) => {
      const attribute = await attributes.create(req.auth, idParam(req, 'formId'), req.body);
      res.json(presentAttribute(req.base, req.auth, attribute));
    })
    .all(methodNotAllowed);

  router
    .route('/forms/:formId/attributes/:id')
    .get(async (req, res) => {
      const attribute = await attributes.get(req.auth, idParam(req, 'formId'), idParam(req), postStatus(req));
      res.json(presentAttribute(req.base, req.auth, attribute, postStatus(req)));
    })
    .put(async (req, res) => {
      const attribute = await attributes.update(req.auth, idParam(req, 'formId'), idParam(req), req.body);
      res.json(presentAttribute(req.base, req.auth, attribute));
    })
    .delete(async (req, res) => {
      const attribute = await attributes.remove(req.auth, idParam(req, 'formId'), idParam(req));
      res.json(presentAttribute(req.base, req.auth, attribute));
    })
    .all(methodNotAllowed);

  return router;
}
