import { z } from 'zod';
import type { JobDefinition } from './jobs';

const MessageDeliveryPayload = z.object({ messageId: z.number().int().positive() });
export type MessageDeliveryPayload = z.infer<typeof MessageDeliveryPayload>;

/**
 * Sends an outgoing message through its contact's data source. The providers themselves (SMS
 * gateways, outgoing e-mail, Twitter) arrive with the data sources issue; until then the handler
 * records on the message that no provider could take it, so nothing is dropped silently.
 */
export function messageDeliveryJob(deliver: (messageId: number) => Promise<void>): JobDefinition<typeof MessageDeliveryPayload> {
  return {
    queue: 'message-delivery',
    payload: MessageDeliveryPayload,
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    handle: (data) => deliver(data.messageId),
  };
}
