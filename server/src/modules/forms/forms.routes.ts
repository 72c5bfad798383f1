import { FormListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { formRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { attributesRoutes } from './attributes.routes';
import { formRolesRoutes } from './form-roles.routes';
import { formStatsRoutes } from './form-stats.routes';
import type { FormsModule } from './forms.module';
import { presentForm } from './forms.presenter';
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
      const { paging, filters } = parseQuery(FormListQuery, req.query, RESOURCE);
      const { q, disabled, targeted_survey: targetedSurvey } = filters;
      const { rows, total } = await forms.search(req.auth, { q, disabled, targetedSurvey }, paging);
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
