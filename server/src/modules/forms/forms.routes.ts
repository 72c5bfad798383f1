import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { formRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parsePaging } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { attributesRoutes } from './attributes.routes';
import { formRolesRoutes } from './form-roles.routes';
import { formStatsRoutes } from './form-stats.routes';
import type { FormsModule } from './forms.module';
import { presentForm } from './forms.presenter';
import { SORTABLE } from './forms.repository';
import { flagParam, textParam } from './query-params';
import { stagesRoutes } from './stages.routes';

const RESOURCE = 'form';

/** Surveys and everything nested under `/forms` (API-CONTRACT 7). */
export function formsRoutes(module: FormsModule): Router {
  const { forms } = module;
  const router = Router();
  router.use('/forms', requireScope('forms'));
  // `/forms/stages` and `/forms/attributes` must win over `/forms/{id}`.
  router.use(
    stagesRoutes(module.stages),
    attributesRoutes(module.attributes),
    formRolesRoutes(module.formRoles),
    formStatsRoutes(module.formStats),
  );

  router
    .route('/forms')
    .get(async (req, res) => {
      const paging = parsePaging(req.query, { resource: RESOURCE, sortable: SORTABLE, orderby: 'id' });
      const filters = {
        q: textParam(req.query.q),
        disabled: flagParam(req.query.disabled, RESOURCE, 'disabled'),
        targetedSurvey: flagParam(req.query.targeted_survey, RESOURCE, 'targeted_survey'),
      };
      const { rows, total } = await forms.search(req.auth, filters, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentForm(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentForm(req.base, req.auth, await forms.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(formRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/forms/:id')
    .get(async (req, res) => {
      res.json(presentForm(req.base, req.auth, await forms.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentForm(req.base, req.auth, await forms.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentForm(req.base, req.auth, await forms.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
