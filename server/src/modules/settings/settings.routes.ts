import { CONFIG_GROUPS, ConfigListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { configRule } from '../../auth/policy/config.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { parseQuery } from '../../http/query';
import { methodNotAllowed } from '../../http/routing';
import { presentConfig } from './settings.presenter';
import type { SettingsService } from './settings.service';

export function configRoutes(settings: SettingsService): Router {
  const router = Router();
  router.use('/config', requireScope('config'));

  router
    .route('/config')
    .get(async (req, res) => {
      const wanted = parseQuery(ConfigListQuery, req.query, 'config').groups;
      const groups = CONFIG_GROUPS.filter((g) => (wanted.length === 0 || wanted.includes(g)) && configRule(req.auth, 'read', { group: g }));
      const results = await Promise.all(groups.map(async (g) => presentConfig(req.base, req.auth, g, await settings.get(g))));
      res.json({ count: results.length, results });
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(configRule, req.auth, { group: 'site' }) });
    })
    .all(methodNotAllowed);

  router
    .route('/config/:group')
    .get(async (req, res) => {
      const { group, values } = await settings.read(req.auth, String(req.params.group));
      res.json(presentConfig(req.base, req.auth, group, values));
    })
    .put(async (req, res) => {
      const { group, values } = await settings.update(req.auth, String(req.params.group), req.body);
      res.json(presentConfig(req.base, req.auth, group, values));
    })
    .all(methodNotAllowed);

  return router;
}
