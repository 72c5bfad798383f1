import { TosListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { tosRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentTos } from './tos.presenter';
import type { TosService } from './tos.service';

/** `/tos` needs a token (API-CONTRACT 14.10); the client calls it with a trailing slash, handled globally. */
export function tosRoutes(tos: TosService): Router {
  const router = Router();
  router.use('/tos', requireScope('tos'), requireToken);

  router
    .route('/tos')
    .get(async (req, res) => {
      const { paging } = parseQuery(TosListQuery, req.query, 'tos');
      const { rows, total } = await tos.search(req.auth, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentTos(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentTos(req.base, req.auth, await tos.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(tosRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/tos/:id')
    .get(async (req, res) => {
      res.json(presentTos(req.base, req.auth, await tos.get(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
