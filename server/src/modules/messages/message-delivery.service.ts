import type { MessageType } from '@platform/shared';
import type { AppContext } from '../../context';
import { SENDERS_BY_TYPE } from '../datasources/datasources.providers';
import { canSend, readProviderSettings, type ProviderSettings } from '../datasources/datasources.settings';
import type { PushSender, SendResult, Sender } from '../datasources/outbound/sender';
import { appendMessageEvent } from './messages.events';
import * as repo from './messages.repository';
import type { MessageRow } from './messages.repository';

/** Thrown so pg-boss runs the job again after its backoff: the provider said "not now". */
export class DeliveryDeferred extends Error {}

type Route = { settings: ProviderSettings; sender: Sender };

const deliveryOf = (message: MessageRow): Record<string, unknown> => {
  const value = message.additional_data?.delivery;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * Delivers outgoing messages through their contact's provider (issue 23 item 3). Each attempt is
 * written down before the request goes out (`state: sending`, committed), and its outcome after.
 * A worker that dies in between leaves `sending` behind: the next run sends again only to a
 * provider that drops repeats by key, and otherwise records the message as `unknown` (it may have
 * reached the reporter) instead of risking a second SMS.
 */
export function createMessageDelivery(ctx: AppContext, senders: Readonly<Record<string, Sender>>) {
  const maxAttempts = ctx.config.dataSources.deliveryAttempts;

  /**
   * A reply goes back through the provider the reporter wrote in by (their number may be known to
   * that gateway only, a short code for instance); a message of no provider takes the first one on
   * and configured for its type.
   */
  async function route(message: MessageRow): Promise<Route | null> {
    const candidates = message.data_source !== null ? [message.data_source] : (SENDERS_BY_TYPE[message.type as MessageType] ?? []);
    for (const id of candidates) {
      const sender = senders[id];
      const settings = sender ? await readProviderSettings(ctx.settings, id) : null;
      if (sender && settings?.enabled && canSend(settings) && settings.definition.services.includes(message.type as MessageType))
        return { settings, sender };
    }
    return null;
  }

  /** Writes a delivery step and announces it, unless the message moved on meanwhile. */
  const record = (id: number, expect: string, status: string, delivery: Record<string, unknown>) =>
    // Steps that leave the status as it was change nothing readers see: no need to forget kept answers.
    (status === expect ? (fn: Parameters<typeof ctx.tx>[0]) => ctx.db.transaction().execute(fn) : ctx.tx)(async (trx) => {
      const current = await repo.lockForDelivery(trx, id);
      if (!current || current.status !== expect) return null;
      const saved = await repo.recordDelivery(trx, id, status, delivery, ctx.now());
      if (saved.status !== current.status) await appendMessageEvent(trx, 'message.updated', saved, null);
      return saved;
    });

  async function push(message: MessageRow, settings: ProviderSettings, sender: PushSender): Promise<void> {
    const provider = settings.definition.id;
    const previous = deliveryOf(message);
    const attempt = (typeof previous.attempts === 'number' ? previous.attempts : 0) + 1;
    // A crash after a request went out and before its outcome was written leaves `sending`.
    if (previous.state === 'sending' && !sender.idempotent) {
      await record(message.id, 'pending', 'unknown', {
        state: 'uncertain',
        provider,
        error: 'Delivery was interrupted after the request to the provider; it may have been sent',
        checked_at: ctx.now().toISOString(),
      });
      return;
    }
    const claimed = await record(message.id, 'pending', 'pending', {
      state: 'sending',
      provider,
      attempts: attempt,
      started_at: ctx.now().toISOString(),
    });
    if (!claimed) return;
    const contact = await repo.contactById(ctx.db, message.contact_id ?? 0);
    const result: SendResult = contact
      ? await sender.send(
          { messageId: message.id, to: contact.contact, contactType: contact.type, message: message.message, title: message.title },
          settings,
        )
      : { outcome: 'failed', error: 'The contact no longer exists' };
    const at = ctx.now().toISOString();
    switch (result.outcome) {
      case 'sent':
        await record(message.id, 'pending', 'sent', {
          state: 'sent',
          provider,
          provider_message_id: result.providerMessageId,
          sent_at: at,
          error: null,
        });
        return;
      case 'failed':
        await record(message.id, 'pending', 'failed', { state: 'failed', provider, error: result.error, failed_at: at });
        return;
      case 'uncertain':
        await record(message.id, 'pending', 'unknown', { state: 'uncertain', provider, error: result.error, checked_at: at });
        return;
      case 'retry':
        if (attempt >= maxAttempts) {
          await record(message.id, 'pending', 'failed', { state: 'failed', provider, error: result.error, failed_at: at });
          return;
        }
        await record(message.id, 'pending', 'pending', { state: 'retrying', provider, error: result.error, retried_at: at });
        throw new DeliveryDeferred(result.error);
    }
  }

  return {
    /** The job's step for one message; a thrown DeliveryDeferred asks pg-boss for a later retry. */
    async deliver(id: number): Promise<void> {
      const message = await repo.findById(ctx.db, id);
      if (!message || message.direction !== 'outgoing' || message.status !== 'pending') return;
      const chosen = await route(message);
      if (!chosen) {
        const reason = `No provider is configured to deliver outgoing ${message.type} messages${message.data_source ? ` through ${message.data_source}` : ''}`;
        await record(id, 'pending', 'pending', { state: 'no_provider', reason, checked_at: ctx.now().toISOString() });
        ctx.logger.warn({ messageId: id, type: message.type, dataSource: message.data_source }, reason);
        return;
      }
      if (chosen.sender.kind === 'poll') {
        await record(id, 'pending', 'pending_poll', { state: 'waiting_for_poll', provider: chosen.settings.definition.id });
        return;
      }
      await push(message, chosen.settings, chosen.sender);
    },

    /**
     * Hands up to `limit` messages waiting for a polling provider to it and marks them sent (the
     * incumbent's SMSSync `task=send`): two phones polling at once never get the same message.
     */
    takeForPoll: (provider: string, limit: number): Promise<MessageRow[]> =>
      ctx.tx(async (trx) => {
        const waiting = await repo.waitingForPoll(trx, provider, limit);
        const taken: MessageRow[] = [];
        for (const message of waiting) {
          const sent = await repo.recordDelivery(
            trx,
            message.id,
            'sent',
            { state: 'sent', provider, sent_at: ctx.now().toISOString() },
            ctx.now(),
          );
          await appendMessageEvent(trx, 'message.updated', sent, null);
          taken.push(sent);
        }
        return taken;
      }),
  };
}
