import { listEnvelope, WebhookDeliverySchema, WebhookSchema, type Webhook, type WebhookDelivery } from '@platform/shared';
import type { ApiClient } from '../client';

const WebhookList = listEnvelope(WebhookSchema);
const DeliveryList = listEnvelope(WebhookDeliverySchema);

export type WebhookBody = {
  name: string;
  url: string;
  shared_secret: string;
  event_type: Webhook['event_type'];
  entity_type: 'post';
  form_id: number | null;
  source_field_key: string | null;
  destination_field_key: string | null;
};

/** `/webhooks` (API-CONTRACT 14.6, admin only). */
export const listWebhooks = async (api: ApiClient): Promise<Webhook[]> =>
  (await api.get('/webhooks', WebhookList, { query: { orderby: 'name', order: 'asc' } })).results;
export const getWebhook = (api: ApiClient, id: number): Promise<Webhook> => api.get(`/webhooks/${id}`, WebhookSchema);
export const createWebhook = (api: ApiClient, body: WebhookBody): Promise<Webhook> => api.post('/webhooks', WebhookSchema, { body });
export const updateWebhook = (api: ApiClient, id: number, body: WebhookBody): Promise<Webhook> =>
  api.put(`/webhooks/${id}`, WebhookSchema, { body });
export const deleteWebhook = (api: ApiClient, id: number): Promise<Webhook> => api.delete(`/webhooks/${id}`, WebhookSchema);

/** A webhook's most recent deliveries, newest first, with their attempts (issue 25). */
export const listDeliveries = async (api: ApiClient, webhookId: number, limit = 20): Promise<WebhookDelivery[]> =>
  (await api.get(`/webhooks/${webhookId}/deliveries`, DeliveryList, { query: { limit } })).results;
export const redeliver = (api: ApiClient, webhookId: number, deliveryId: number): Promise<WebhookDelivery> =>
  api.post(`/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, WebhookDeliverySchema, { body: {} });
