import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { notificationRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { toIdList, toUserIdList } from '../../http/id-filters';
import { parsePaging } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentNotification } from './notifications.presenter';
import { SORTABLE } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(notifications: NotificationsService): Router {
  const router = Router();
  router.use('/notifications', requireScope('notifications'), requireToken);

  router
    .route('/notifications')
    .get(async (req, res) => {
      const paging = parsePaging(req.query, { resource: 'notification', sortable: SORTABLE, orderby: 'id' });
      const filters = {
        users: toUserIdList(req.query.user, req.auth, 'notification'),
        sets: toIdList(req.query.set, 'notification', '/set'),
      };
      const { rows, total } = await notifications.search(req.auth, filters, paging);
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
