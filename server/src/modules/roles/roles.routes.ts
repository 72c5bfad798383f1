import { RoleListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { roleRule } from '../../auth/policy/roles.policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentRole } from './roles.presenter';
import type { RolesService } from './roles.service';

export function rolesRoutes(roles: RolesService): Router {
  const router = Router();
  router.use('/roles', requireScope('roles'));

  router
    .route('/roles')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(RoleListQuery, req.query, 'role');
      const { rows, total } = await roles.search(req.auth, { names: filters.name, q: filters.q }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentRole(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentRole(req.base, req.auth, await roles.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(roleRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/roles/:id')
    .get(async (req, res) => {
      res.json(presentRole(req.base, req.auth, await roles.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentRole(req.base, req.auth, await roles.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentRole(req.base, req.auth, await roles.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
