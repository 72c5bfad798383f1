import type { Generated } from 'kysely';
import type { CreatedAt } from './core';

export type WebhookEventType = 'create' | 'update' | 'delete';
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

export interface WebhooksTable {
  id: Generated<number>;
  user_id: number | null;
  form_id: number | null;
  name: string;
  shared_secret: string;
  url: string;
  webhook_uuid: Generated<string>;
  event_type: WebhookEventType;
  entity_type: Generated<'post'>;
  source_field_key: string | null;
  destination_field_key: string | null;
  protected: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: number;
  post_id: number;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created: CreatedAt;
  updated: Date | null;
  delivered_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Generated<Date>;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookCursorTable {
  id: Generated<number>;
  seq: number;
  event_id: number;
}

/** Webhooks, their deliveries and attempts, and the dispatcher's place in the event log (issue 25). */
export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_cursor: WebhookCursorTable;
}
