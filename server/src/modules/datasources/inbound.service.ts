import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { groupCommitMany, type Settled } from '../../db/group-commit';
import type { ContactsService } from '../contacts/contacts.service';
import type { MessagesService } from '../messages/messages.service';
import type { MessageRow } from '../messages/messages.repository';
import type { PostsModule } from '../posts/posts.module';
import type { PostFormContext } from '../posts/post-forms.repository';
import type { TargetedService } from '../targeted/targeted.service';
import { readProviderSettings, type ProviderSettings } from './datasources.settings';
import type { SenderAddress } from './sender-address';

/** One message as a gateway delivered it, in the provider's words mapped to ours. */
export type InboundMessage = {
  from: SenderAddress;
  to: string | null;
  text: string;
  /** The provider's own message id (Twilio `MessageSid`, Vonage `messageId`, SMSSync `message_id`). */
  providerMessageId: string | null;
  /** When the reporter's phone sent it, when the gateway says (SMSSync `sent_timestamp`). */
  sentAt: Date | null;
  additional?: Record<string, unknown>;
  /** A subject (e-mail): the message's title and the post's unless the mapping titles it otherwise. */
  title?: string | null;
  /** Provider fields beyond Message, Date and From (e-mail `Subject`), for the survey mapping. */
  fields?: Record<string, string | null>;
};

export type InboundOutcome =
  { outcome: 'stored'; messageId: number; postId: number | null } | { outcome: 'duplicate' } | { outcome: 'disabled' };

/** A gateway that sends neither an id nor a time (FrontlineSMS) retries within this window. */
export const SAME_MESSAGE_WINDOW_MS = 15 * 60 * 1000;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * The key that makes a message exactly-once: the provider's id, or a digest of sender, text and
 * sent time; without either (FrontlineSMS) a digest with the arrival time, the repeat being found
 * by `SAME_MESSAGE_WINDOW_MS` instead.
 */
export function inboundKey(message: InboundMessage, receivedAt: Date): { key: string; sameWithin?: number } {
  if (message.providerMessageId) return { key: `id:${message.providerMessageId}` };
  if (message.sentAt) return { key: `sent:${digest(message.from.type, message.from.contact, message.text, message.sentAt.toISOString())}` };
  return {
    key: `received:${digest(message.from.type, message.from.contact, message.text, receivedAt.toISOString())}`,
    sameWithin: SAME_MESSAGE_WINDOW_MS,
  };
}

export type InboundService = ReturnType<typeof createInboundService>;

type Arrival = { settings: ProviderSettings; message: InboundMessage; context: PostFormContext | null; now: Date };

const serviceOf = (settings: ProviderSettings) => settings.definition.services[0] ?? 'sms';

/** A text Postgres can store: gateways may send NUL characters (%00), which `text` refuses. */
const storable = (value: string) => value.replaceAll(String.fromCharCode(0), '');

/**
 * Incoming SMS from every gateway (issue 23 item 2): the contact found or created, the message
 * stored once, and where the provider has a survey the post made from it, all with their events
 * in one transaction. A contact answering a targeted survey has their reply routed to it instead.
 * Messages arriving while earlier ones are being written are written together (`groupCommitMany`):
 * a gateway is answered once its message's transaction has committed.
 */
export function createInboundService(
  ctx: AppContext,
  deps: { contacts: ContactsService; messages: MessagesService; posts: PostsModule; targeted: TargetedService },
) {
  /** The post a stored message makes in its provider's survey, if it has one. */
  async function postFrom(trx: Trx, { settings, message, context, now }: Arrival, stored: MessageRow, contactId: number) {
    if (!context || context.form.disabled) return null;
    const type = serviceOf(settings);
    return deps.posts.createFromMessage(
      trx,
      {
        context,
        mapping: settings.inboundFields,
        fields: { ...message.fields, Message: message.text, Date: message.sentAt ?? now, From: message.from.contact },
        text: message.text,
        title: message.title ?? null,
        source: type === 'email' ? 'email' : type === 'twitter' ? 'twitter' : 'sms',
        contactId,
        messageId: stored.id,
        dataSourceMessageId: message.providerMessageId,
        postDate: message.sentAt ?? now,
        fallbackTitle: `${settings.definition.name} message from ${message.from.contact}`,
      },
      settings.definition.inboundFields,
    );
  }

  /**
   * A group of arrivals in one transaction, in a few statements whatever its size: the senders'
   * contacts, the messages (a repeat stores nothing), who of them is answering a targeted survey
   * (issue 24: their reply goes to it), and the announcements of messages that made no post. A
   * message that answers a survey or makes a post is written on its own after that.
   */
  async function storeAll(trx: Trx, arrivals: Arrival[]): Promise<Array<Settled<InboundOutcome>>> {
    const contacts = await deps.contacts.findOrCreateManyInTransaction(
      trx,
      arrivals.map(({ settings, message }) => ({ ...message.from, dataSource: settings.definition.id })),
    );
    const stored = await deps.messages.receiveManyInTransaction(
      trx,
      arrivals.map(({ settings, message, now }, i) => {
        const { key, sameWithin } = inboundKey(message, now);
        return {
          contactId: contacts[i]!.id,
          message: message.text,
          type: serviceOf(settings),
          dataSource: settings.definition.id,
          dataSourceMessageId: message.providerMessageId,
          datetime: message.sentAt ?? now,
          title: message.title ?? null,
          additionalData: message.to ? { to: message.to, ...message.additional } : (message.additional ?? null),
          inboundKey: key,
          ...(sameWithin !== undefined ? { sameWithin } : {}),
        };
      }),
    );
    const answering = await deps.targeted.awaitingAnswer(
      trx,
      contacts.map((contact) => contact.id),
    );
    const outcomes: InboundOutcome[] = [];
    const plain: MessageRow[] = [];
    for (const [i, arrival] of arrivals.entries()) {
      const message = stored[i];
      if (!message) {
        outcomes.push({ outcome: 'duplicate' });
        continue;
      }
      const answered = answering.has(contacts[i]!.id)
        ? await deps.targeted.answerInTransaction(trx, message, {
            text: arrival.message.text,
            dataSourceMessageId: arrival.message.providerMessageId,
            at: arrival.message.sentAt ?? arrival.now,
          })
        : null;
      if (answered) {
        outcomes.push({ outcome: 'stored', messageId: answered.message.id, postId: answered.postId });
        continue;
      }
      const post = await postFrom(trx, arrival, message, contacts[i]!.id);
      if (post) await deps.messages.announceReceived(trx, message, post.id);
      else plain.push(message);
      outcomes.push({ outcome: 'stored', messageId: message.id, postId: post?.id ?? null });
    }
    await deps.messages.announceReceivedMany(trx, plain);
    return outcomes.map((value) => ({ value }));
  }

  // Up to 50 messages per transaction, four transactions at once (the pool keeps room for readers).
  const storeGrouped = groupCommitMany(ctx.tx, storeAll, { max: 50, atOnce: 4 });

  return {
    /** The provider's settings as the gateway checks them (read through the pool, before any transaction). */
    settingsOf: (provider: string): Promise<ProviderSettings | null> => readProviderSettings(ctx.settings, provider),

    async receive(settings: ProviderSettings, message: InboundMessage): Promise<InboundOutcome> {
      if (!settings.enabled) return { outcome: 'disabled' };
      // Read before the transaction: the embedded database has one connection.
      const context = settings.formId !== null ? await deps.posts.formContext(ctx.db, settings.formId) : null;
      const clean = { ...message, text: storable(message.text), title: message.title == null ? message.title : storable(message.title) };
      return storeGrouped({ settings, message: clean, context, now: ctx.now() });
    },
  };
}
