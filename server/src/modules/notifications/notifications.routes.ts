import { NotificationListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { notificationRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { withMe } from '../../http/id-filters';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentNotification } from './notifications.presenter';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(notifications: NotificationsService): Router {
  const router = Router();
  router.use('/notifications', requireScope('notifications'), requireToken);

  router
    .route('/notifications')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(NotificationListQuery, req.query, 'notification');
      const { rows, total } = await notifications.search(req.auth, { users: withMe(filters.user, req.auth), sets: filters.set }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentNotification(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentNotification(req.base, req.auth, await notifications.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(notificationRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/notifications/:id')
    .get(async (req, res) => {
      res.json(presentNotification(req.base, req.auth, await notifications.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentNotification(req.base, req.auth, await notifications.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentNotification(req.base, req.auth, await notifications.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
