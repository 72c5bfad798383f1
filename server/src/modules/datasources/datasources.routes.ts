import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parsePaging } from '../../http/query';
import { methodNotAllowed } from '../../http/routing';
import { presentProvider } from './datasources.presenter';
import type { DataProvidersService } from './datasources.service';

/** Read-only provider descriptions (API-CONTRACT 14.8); settings are saved through `config/data-provider`. */
export function dataProvidersRoutes(providers: DataProvidersService): Router {
  const router = Router();
  router.use('/dataproviders', requireScope('dataproviders'), requireToken);

  router
    .route('/dataproviders')
    .get((req, res) => {
      const paging = parsePaging(req.query, { sortable: ['id', 'name'] as const, orderby: 'id', order: 'asc', resource: 'data_provider' });
      const { rows, total } = providers.search(req.auth, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentProvider(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(settingsResourceRule, req.auth, null, ['read', 'search']) });
    })
    .all(methodNotAllowed);

  router
    .route('/dataproviders/:id')
    .get((req, res) => {
      res.json(presentProvider(req.base, req.auth, providers.get(req.auth, String(req.params.id))));
    })
    .all(methodNotAllowed);

  return router;
}
