import { z } from 'zod';
import type { JobDefinition } from './jobs';

const NotificationDeliveryPayload = z.object({ deliveryId: z.number().int().positive() });
export type NotificationDeliveryPayload = z.infer<typeof NotificationDeliveryPayload>;

/** Attempts per delivery: the first plus `retryLimit` retries with exponential backoff. */
export const NOTIFICATION_RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

/**
 * Tells one subscriber's contact about one new post in a collection or saved search (an e-mail,
 * or an SMS handed to the message outbox). Every attempt is recorded on its
 * `notification_deliveries` row; the last failed attempt marks it failed.
 */
export function notificationDeliveryJob(deliver: (deliveryId: number) => Promise<void>): JobDefinition<typeof NotificationDeliveryPayload> {
  return {
    queue: 'notification-delivery',
    payload: NotificationDeliveryPayload,
    retry: { ...NOTIFICATION_RETRY },
    handle: (data) => deliver(data.deliveryId),
  };
}
