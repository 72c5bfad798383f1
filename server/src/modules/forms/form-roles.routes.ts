import { Router, type Request } from 'express';
import { listEnvelope } from '../../http/envelope';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentFormRole } from './form-roles.presenter';
import type { FormRolesService } from './form-roles.service';
import type { FormRoleRow } from './form-roles.repository';
import type { FormRow } from './forms.repository';

const PAGING = { limit: null, offset: 0, order: 'asc' as const, orderby: 'id' };

/** `GET|PUT /forms/{id}/roles`; POST and DELETE are not routed: 405 (API-CONTRACT 2.2, 7.4). */
export function formRolesRoutes(formRoles: FormRolesService): Router {
  const router = Router();
  const envelope = (req: Request, form: FormRow, rows: FormRoleRow[]) =>
    listEnvelope(
      req,
      rows.map((row) => presentFormRole(req.base, req.auth, form, row)),
      PAGING,
      rows.length,
    );

  router
    .route('/forms/:formId/roles')
    .get(async (req, res) => {
      const { form, rows } = await formRoles.list(req.auth, idParam(req, 'formId'));
      res.json(envelope(req, form, rows));
    })
    .put(async (req, res) => {
      const { form, rows } = await formRoles.replace(req.auth, idParam(req, 'formId'), req.body);
      res.json(envelope(req, form, rows));
    })
    .all(methodNotAllowed);

  return router;
}
