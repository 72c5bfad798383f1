import type { WebhookDeliveryStatus } from '@platform/shared';
import type { Db, Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import { webhookRule } from './webhooks.policy';

/**
 * `webhook.delivery_updated`: a delivery was queued, attempted, skipped or sent again. Written in
 * the transaction that changes the delivery, so the deliveries screen refreshes live (issue 25);
 * thin like every push: the screen reads the delivery itself over REST.
 */
export const announceDelivery = (trx: Trx, delivery: { id: number; webhook_id: number; status: WebhookDeliveryStatus }) =>
  appendEvent(trx, {
    type: 'webhook.delivery_updated',
    aggregateType: 'webhook',
    aggregateId: delivery.webhook_id,
    actorId: null,
    payload: { delivery_id: delivery.id, status: delivery.status },
  });

/** Webhooks are administrators' alone (API-CONTRACT 14.6), and so is news of their deliveries. */
export const webhookAudience: Audience<undefined> = {
  canRead: (auth) => auth.userId !== null && webhookRule(auth, 'search', null),
};

/**
 * A transaction for delivery bookkeeping: unlike `ctx.tx` it keeps the read cache (nothing a
 * reader of posts sees changes), but it still wakes the event reader so the push goes out at once.
 */
export function createDeliveryTx(db: Db, wake: () => void) {
  return async <T>(fn: (trx: Trx) => Promise<T>): Promise<T> => {
    const result = await db.transaction().execute(fn);
    wake();
    return result;
  };
}
