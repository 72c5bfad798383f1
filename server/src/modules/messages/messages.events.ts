import type { MessageEventPayload } from '@platform/shared';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import type { MessageRow } from './messages.repository';

/** `message.created` for a new message, `message.updated` when an outgoing one's delivery state moves. */
export async function appendMessageEvent(
  trx: Trx,
  type: 'message.created' | 'message.updated',
  message: MessageRow,
  actorId: number | null,
): Promise<void> {
  const payload: MessageEventPayload = {
    id: message.id,
    contact_id: message.contact_id,
    post_id: message.post_id,
    parent_id: message.parent_id,
    direction: message.direction,
    status: message.status,
  };
  await appendEvent(trx, { type, aggregateType: 'message', aggregateId: message.id, actorId, payload });
}
