import { z } from 'zod';
import type { JobDefinition } from './jobs';

const MessageDeliveryPayload = z.object({ messageId: z.number().int().positive() });
export type MessageDeliveryPayload = z.infer<typeof MessageDeliveryPayload>;

/**
 * Sends an outgoing message through its contact's data source (modules/messages/message-delivery);
 * a provider answering "not now" throws, and pg-boss runs the job again after a doubling wait.
 */
export function messageDeliveryJob(
  deliver: (messageId: number) => Promise<void>,
  retry: { retryLimit: number; retryDelay: number },
  workers: number,
): JobDefinition<typeof MessageDeliveryPayload> {
  return {
    queue: 'message-delivery',
    payload: MessageDeliveryPayload,
    retry: { ...retry, retryBackoff: true },
    workers,
    handle: (data) => deliver(data.messageId),
  };
}
