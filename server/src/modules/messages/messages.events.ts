import type { MessageEventPayload } from '@platform/shared';
import type { Trx } from '../../db/database';
import { appendEvents, type NewEvent } from '../../events/events.repository';
import type { MessageRow } from './messages.repository';

type MessageEventType = 'message.created' | 'message.updated';

const messageEvent = (type: MessageEventType, message: MessageRow, actorId: number | null): NewEvent => {
  const payload: MessageEventPayload = {
    id: message.id,
    contact_id: message.contact_id,
    post_id: message.post_id,
    parent_id: message.parent_id,
    direction: message.direction,
    status: message.status,
  };
  return { type, aggregateType: 'message', aggregateId: message.id, actorId, payload };
};

/** `message.created` for a new message, `message.updated` when an outgoing one's delivery state moves. */
export async function appendMessageEvent(trx: Trx, type: MessageEventType, message: MessageRow, actorId: number | null): Promise<void> {
  await appendMessageEvents(trx, type, [message], actorId);
}

/** `appendMessageEvent` for several messages, in one statement. */
export async function appendMessageEvents(trx: Trx, type: MessageEventType, messages: MessageRow[], actorId: number | null): Promise<void> {
  if (messages.length > 0)
    await appendEvents(
      trx,
      messages.map((message) => messageEvent(type, message, actorId)),
    );
}
