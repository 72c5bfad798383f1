import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, w3c } from '../../http/urls';
import type { AttemptRow, DeliveryRow } from './webhook-deliveries.repository';
import { webhookRule } from './webhooks.policy';
import type { WebhookRow } from './webhooks.repository';

/**
 * Webhook JSON (API-CONTRACT 14.6). `url` is the receiver's address: the entity's own field, which
 * clients read and write back, so the usual resource address is not rendered over it. The shared
 * secret signs every delivery, so only an administrator ever sees it (today only they see webhooks
 * at all; the rule keeps it so if that widens).
 */
export function presentWebhook(base: string, auth: Auth, row: WebhookRow) {
  const showSecret = webhookRule(auth, 'update', row);
  return {
    id: row.id,
    url: row.url,
    user: ref(base, 'users', row.user_id),
    form_id: row.form_id,
    name: row.name,
    ...(showSecret ? { shared_secret: row.shared_secret } : {}),
    webhook_uuid: row.webhook_uuid,
    event_type: row.event_type,
    entity_type: row.entity_type,
    source_field_key: row.source_field_key,
    destination_field_key: row.destination_field_key,
    protected: row.protected,
    created: w3c(row.created),
    updated: w3c(row.updated),
    allowed_privileges: allowedPrivileges(webhookRule, auth, row),
  };
}

/** A delivery with its attempts, oldest first (`GET /webhooks/{id}/deliveries`, issue 25). */
export function presentDelivery(row: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    post_id: row.post_id,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created: w3c(row.created)!,
    updated: w3c(row.updated),
    delivered_at: w3c(row.delivered_at),
    attempt_log: attempts.map((a) => ({
      attempted_at: w3c(a.attempted_at)!,
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      error: a.error,
    })),
  };
}
