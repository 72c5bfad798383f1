import { WebhookDeliveryListQuery, WebhookListQuery } from '@platform/shared';
import { Router, type RequestHandler } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentPost } from '../posts/posts.presenter';
import type { PostsModule } from '../posts/posts.module';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import type { WebhookWriteBack } from './webhook-writeback';
import { presentDelivery, presentWebhook } from './webhooks.presenter';
import { webhookRule } from './webhooks.policy';
import type { WebhooksService } from './webhooks.service';

/**
 * `/webhooks` (API-CONTRACT 14.6) and the deliveries of each (issue 25). The signed write-back
 * `PUT /webhooks/posts/{id}` carries no token: its signature is its credential.
 */
export function webhooksRoutes(
  webhooks: WebhooksService,
  deliveries: WebhookDeliveryService,
  writeBack: WebhookWriteBack,
  posts: PostsModule,
): Router {
  const router = Router();
  const enabled: RequestHandler = async (_req, _res, next) => {
    await webhooks.assertEnabled();
    next();
  };

  router
    .route('/webhooks/posts/:id')
    .put(enabled, async (req, res) => {
      const { auth, view } = await writeBack.update(req, idParam(req));
      if (view === null) return void res.status(204).end();
      res.json(presentPost(req.base, auth, view, await posts.reads.viewOptions()));
    })
    .all(methodNotAllowed);

  router.use('/webhooks', enabled, requireScope('webhooks'), requireToken);

  router
    .route('/webhooks')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(WebhookListQuery, req.query, 'webhook');
      const { rows, total } = await webhooks.search(req.auth, filters, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentWebhook(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentWebhook(req.base, req.auth, await webhooks.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(webhookRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/webhooks/:id')
    .get(async (req, res) => {
      res.json(presentWebhook(req.base, req.auth, await webhooks.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentWebhook(req.base, req.auth, await webhooks.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentWebhook(req.base, req.auth, await webhooks.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  router
    .route('/webhooks/:id/deliveries')
    .get(async (req, res) => {
      const hook = await webhooks.get(req.auth, idParam(req));
      const { paging, filters } = parseQuery(WebhookDeliveryListQuery, req.query, 'webhook delivery');
      const { rows, total } = await deliveries.list(hook.id, filters, paging);
      res.json(
        listEnvelope(
          req,
          rows.map(({ row, attempts }) => presentDelivery(row, attempts)),
          paging,
          total,
        ),
      );
    })
    .all(methodNotAllowed);

  router
    .route('/webhooks/:id/deliveries/:deliveryId/redeliver')
    .post(async (req, res) => {
      const hook = await webhooks.get(req.auth, idParam(req));
      const row = await deliveries.redeliver(req.auth, hook.id, idParam(req, 'deliveryId'));
      res.json(presentDelivery(row, []));
    })
    .all(methodNotAllowed);

  return router;
}
