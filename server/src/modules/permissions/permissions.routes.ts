import { PermissionListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { permissionRule } from '../../auth/policy/roles.policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentPermission } from './permissions.presenter';
import type { PermissionsService } from './permissions.service';

/** Read-only: POST, PUT and DELETE fall through to 405 (API-CONTRACT 2.2). */
export function permissionsRoutes(permissions: PermissionsService): Router {
  const router = Router();
  router.use('/permissions', requireScope('permissions'));

  router
    .route('/permissions')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(PermissionListQuery, req.query, 'permission');
      const { rows, total } = await permissions.search(req.auth, { q: filters.q, names: filters.name }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentPermission(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(permissionRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/permissions/:id')
    .get(async (req, res) => {
      res.json(presentPermission(req.base, req.auth, await permissions.get(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
