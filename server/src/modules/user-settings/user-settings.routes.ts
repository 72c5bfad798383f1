import { UserSettingListQuery } from '@platform/shared';
import { Router, type Request } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { userSettingRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentUserSetting } from './user-settings.presenter';
import type { UserSettingsService } from './user-settings.service';

const PATH = '/users/:user_id/settings';

export function userSettingsRoutes(settings: UserSettingsService): Router {
  const router = Router();
  // The feature gate comes first: while it is off the route does not exist for anyone (404).
  router.use(PATH, async (_req, _res, next) => {
    await settings.assertEnabled();
    next();
  });
  router.use(PATH, requireScope('users'), requireToken);

  const userOf = (req: Request) => settings.resolveUser(req.auth, String(req.params.user_id));

  router
    .route(PATH)
    .get(async (req, res) => {
      const userId = await userOf(req);
      const { paging, filters } = parseQuery(UserSettingListQuery, req.query, 'user_setting');
      const { rows, total } = await settings.search(req.auth, userId, { keys: filters.config_key }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentUserSetting(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      const userId = await userOf(req);
      res.json(presentUserSetting(req.base, req.auth, await settings.create(req.auth, userId, req.body)));
    })
    .options(async (req, res) => {
      const userId = await userOf(req);
      res.json({ allowed_privileges: allowedPrivileges(userSettingRule, req.auth, { userId }) });
    })
    .all(methodNotAllowed);

  router
    .route(`${PATH}/:id`)
    .get(async (req, res) => {
      const userId = await userOf(req);
      res.json(presentUserSetting(req.base, req.auth, await settings.get(req.auth, userId, idParam(req))));
    })
    .put(async (req, res) => {
      const userId = await userOf(req);
      res.json(presentUserSetting(req.base, req.auth, await settings.update(req.auth, userId, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      const userId = await userOf(req);
      res.json(presentUserSetting(req.base, req.auth, await settings.remove(req.auth, userId, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
