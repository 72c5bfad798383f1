import { ApiKeyListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentApiKey } from './apikeys.presenter';
import type { ApiKeysService } from './apikeys.service';

export function apiKeysRoutes(apiKeys: ApiKeysService): Router {
  const router = Router();
  router.use('/apikeys', requireScope('apikeys'), requireToken);

  router
    .route('/apikeys')
    .get(async (req, res) => {
      const { paging } = parseQuery(ApiKeyListQuery, req.query, 'apikey');
      const { rows, total } = await apiKeys.search(req.auth, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentApiKey(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentApiKey(req.base, req.auth, await apiKeys.create(req.auth)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(settingsResourceRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/apikeys/:id')
    .get(async (req, res) => {
      res.json(presentApiKey(req.base, req.auth, await apiKeys.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentApiKey(req.base, req.auth, await apiKeys.regenerate(req.auth, idParam(req))));
    })
    .delete(async (req, res) => {
      res.json(presentApiKey(req.base, req.auth, await apiKeys.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
