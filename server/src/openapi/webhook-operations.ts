import * as s from '@platform/shared';
import { listEnvelope } from '@platform/shared';
import { crud, type Operation } from './operation';

const V3 = '/api/v3';
const list = listEnvelope;

/** Webhooks, their deliveries and the signed write-back (API-CONTRACT 14.6, issue 25). */
export const WEBHOOK_OPERATIONS: Operation[] = [
  ...crud('Webhooks', `${V3}/webhooks`, 'webhook', {
    item: s.WebhookSchema,
    list: list(s.WebhookSchema),
    query: s.WebhookListQuery,
    create: s.CreateWebhookBody,
    update: s.UpdateWebhookBody,
  }),
  {
    method: 'get',
    path: `${V3}/webhooks/:id/deliveries`,
    tag: 'Webhooks',
    summary: "A webhook's deliveries, newest first, with every attempt",
    query: s.WebhookDeliveryListQuery,
    response: list(s.WebhookDeliverySchema),
  },
  {
    method: 'post',
    path: `${V3}/webhooks/:id/deliveries/:deliveryId/redeliver`,
    tag: 'Webhooks',
    summary: 'Send a finished delivery again (409 while it is pending)',
    response: s.WebhookDeliverySchema,
  },
  {
    method: 'put',
    path: `${V3}/webhooks/posts/:id`,
    tag: 'Webhooks',
    summary: 'Signed write-back of a post by a webhook receiver',
    description:
      "No bearer token: the request carries `X-Ushahidi-Signature` = base64(HMAC-SHA256(key = the deployment's PLATFORM_SHARED_SECRET, data = full request URL + raw body)) and one of the deployment's API keys as `api_key` (query string or body). A bad or missing signature or key is 401 and changes nothing. The body is a partial post update; `webhook_uuid` names the webhook whose owner makes the change.",
    body: s.UpdatePostBody,
    response: s.PostSchema,
    access: 'signed',
  },
];
