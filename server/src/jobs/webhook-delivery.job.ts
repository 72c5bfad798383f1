import { z } from 'zod';
import type { JobDefinition } from './jobs';

const WebhookDeliveryPayload = z.object({ deliveryId: z.number().int().positive() });
export type WebhookDeliveryPayload = z.infer<typeof WebhookDeliveryPayload>;

/** The wait before retry `n` (1-based): doubling from the first delay, never above the cap. */
export const retryDelaySeconds = (n: number, first: number, cap: number): number => Math.min(cap, first * 2 ** (n - 1));

/**
 * One attempt of one webhook delivery. A receiver's failure is recorded and the next attempt queued
 * by the handler itself (its own backoff with a cap, pg-boss has none); pg-boss retries only when
 * the handler could not run at all (database down, process killed mid-attempt).
 */
export function webhookDeliveryJob(
  attempt: (deliveryId: number) => Promise<void>,
  workers: number,
): JobDefinition<typeof WebhookDeliveryPayload> {
  return {
    queue: 'webhook-delivery',
    // A receiver that answers slowly (up to the timeout) holds one worker, not every delivery.
    workers,
    payload: WebhookDeliveryPayload,
    retry: { retryLimit: 3, retryDelay: 30, retryBackoff: true },
    handle: (data) => attempt(data.deliveryId),
  };
}
