import { Router, type Request, type Response } from 'express';
import { listEnvelope } from '../../http/envelope';
import { parsePaging, toList } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentAttribute } from './attributes.presenter';
import { SORTABLE } from './attributes.repository';
import type { AttributesService } from './attributes.service';
import { idList, textParam } from './query-params';

const RESOURCE = 'form_attribute';

/**
 * Fields: `/forms/attributes` (all surveys) and `/forms/{id}/attributes[/{id}]`. The client asks
 * `order=asc&orderby=priority` (API-CONTRACT 7.3, 15).
 */
export function attributesRoutes(attributes: AttributesService): Router {
  const router = Router();
  const postStatus = (req: Request) => textParam(req.query.postStatus);

  async function list(req: Request, res: Response, formId: number | null) {
    const paging = parsePaging(req.query, { resource: RESOURCE, sortable: SORTABLE, orderby: 'id' });
    const filters = {
      formIds: idList(req.query.form_id, RESOURCE, 'form_id'),
      types: toList(req.query.type),
      inputs: toList(req.query.input),
      // Labels may hold commas: only the bracket encoding makes a list of them.
      labels: Array.isArray(req.query.label)
        ? req.query.label.filter((l): l is string => typeof l === 'string' && l.trim() !== '').map((l) => l.trim())
        : [textParam(req.query.label)].filter((l): l is string => l !== undefined),
      keys: toList(req.query.key),
    };
    const { rows, total } = await attributes.search(req.auth, formId, filters, paging, postStatus(req));
    res.json(
      listEnvelope(
        req,
        rows.map((row) => presentAttribute(req.base, req.auth, row, postStatus(req))),
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
