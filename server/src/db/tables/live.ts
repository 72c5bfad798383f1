import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './core';

export interface PostLocksTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  expires: Timestamp;
  created: CreatedAt;
  updated: Date | null;
}

export interface MessagesTable {
  id: Generated<number>;
  parent_id: number | null;
  contact_id: number | null;
  post_id: number | null;
  user_id: number | null;
  title: string | null;
  message: string;
  datetime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  type: Generated<string>;
  status: Generated<string>;
  direction: 'incoming' | 'outgoing';
  data_source: string | null;
  data_source_message_id: string | null;
  additional_data: Json<Record<string, unknown> | null> | null;
  /** An incoming message's exactly-once key within its provider (migration 20261203T0301). */
  inbound_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The targeted survey and question an outgoing question or incoming answer belongs to (migration 20261204T0301). */
  form_id: ColumnType<number | null, number | null | undefined, number | null>;
  form_attribute_id: ColumnType<number | null, number | null | undefined, number | null>;
  created: CreatedAt;
  updated: Date | null;
}

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'waiting_for_provider';

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number | null;
  user_id: number;
  set_id: number;
  post_id: number;
  contact_id: number;
  channel: 'email' | 'sms';
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created: CreatedAt;
  updated: Date | null;
  sent_at: Date | null;
  /** The outgoing message an SMS notification became (migration 20261205T0001). */
  message_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type TargetedSurveyStatus = 'pending_response' | 'survey_finished';

/** One recipient's conversation with one targeted survey (issue 24). */
export interface TargetedSurveyStateTable {
  id: Generated<number>;
  form_id: number;
  contact_id: number;
  post_id: number | null;
  message_id: number | null;
  form_attribute_id: number | null;
  status: TargetedSurveyStatus;
  created: CreatedAt;
  updated: Date | null;
}

/** Locks, message threads and notification deliveries (issue 7); targeted survey conversations (issue 24). */
export interface LiveTables {
  post_locks: PostLocksTable;
  messages: MessagesTable;
  notification_deliveries: NotificationDeliveriesTable;
  targeted_survey_state: TargetedSurveyStateTable;
}
