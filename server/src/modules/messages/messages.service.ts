import { CreateMessageBody, MessageMessages, UpdateMessageBody, type MessageType } from '@platform/shared';
import { isAdmin, type Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import { messageDeliveryJob } from '../../jobs/message-delivery.job';
import type { StoredEvent } from '../../events/events.repository';
import type { Sender } from '../datasources/outbound/sender';
import { createMessageDelivery } from './message-delivery.service';
import { appendMessageEvent, appendMessageEvents } from './messages.events';
import { messageRule } from './messages.policy';
import * as repo from './messages.repository';
import type { MessageRow } from './messages.repository';

export const RESOURCE = 'message';
const M = MessageMessages;

/** The message type a contact is reached by when neither the body nor a parent names one. */
const typeForContact = (contactType: string): MessageType =>
  contactType === 'email' ? 'email' : contactType === 'twitter' ? 'twitter' : 'sms';

/** What a data source hands over when a reporter writes in (the data sources issue calls this). */
export type IncomingMessage = {
  contactId: number;
  message: string;
  type: MessageType;
  dataSource: string | null;
  dataSourceMessageId?: string | null;
  title?: string | null;
  postId?: number | null;
  parentId?: number | null;
  datetime?: Date | null;
  additionalData?: Record<string, unknown> | null;
};

/** An incoming message with its exactly-once key (datasources' inbound service computes it). */
export type InboundIncoming = IncomingMessage & { inboundKey: string; dataSource: string; sameWithin?: number };

const incomingRow = (incoming: InboundIncoming, now: Date) => ({
  parent_id: incoming.parentId ?? null,
  contact_id: incoming.contactId,
  post_id: null,
  user_id: null,
  title: incoming.title ?? null,
  message: incoming.message,
  datetime: incoming.datetime ?? now,
  type: incoming.type,
  status: 'received',
  direction: 'incoming' as const,
  data_source: incoming.dataSource,
  data_source_message_id: incoming.dataSourceMessageId ?? null,
  additional_data: incoming.additionalData ? JSON.stringify(incoming.additionalData) : null,
  inbound_key: incoming.inboundKey,
});

export type MessagesService = ReturnType<typeof createMessagesService>;

/**
 * Message threads with reporters (API-CONTRACT 13.3). Replies are stored as pending outgoing
 * messages and queued for delivery in the same transaction; every new message, either way, is
 * announced as `message.created` so an open thread updates live.
 */
export function createMessagesService(ctx: AppContext, senders: Readonly<Record<string, Sender>>) {
  const delivery = createMessageDelivery(ctx, senders);
  const deliveryJob = messageDeliveryJob(
    (id) => delivery.deliver(id),
    { retryLimit: ctx.config.dataSources.deliveryAttempts, retryDelay: ctx.config.dataSources.deliveryRetryDelaySeconds },
    ctx.config.dataSources.deliveryConcurrency,
  );
  const deliver = delivery.deliver;
  let requeueing: Promise<unknown> = Promise.resolve();

  /** Replies that found no provider go out again once the providers change (issue 23): each is queued once. */
  const requeueUnrouted = (): Promise<number[]> =>
    ctx.tx(async (trx) => {
      const ids = await repo.markUnroutedRequeued(trx, ctx.now());
      for (const messageId of ids) await ctx.jobs.send(trx, deliveryJob, { messageId });
      return ids;
    });

  async function load(id: number): Promise<MessageRow> {
    return (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
  }

  /** Only the window match needs the lock: a keyed insert waits for a concurrent arrival of its key. */
  async function receiveWithinWindow(trx: Trx, incoming: InboundIncoming, sameWithin: number): Promise<MessageRow | undefined> {
    await repo.lockInboundKey(trx, incoming.dataSource, incoming.inboundKey);
    const since = new Date(ctx.now().getTime() - sameWithin);
    if (
      (await repo.findByInboundKey(trx, incoming.dataSource, incoming.inboundKey)) ||
      (await repo.findRecentSame(trx, { dataSource: incoming.dataSource, contactId: incoming.contactId, message: incoming.message, since }))
    )
      return undefined;
    const [row] = await repo.insertIncoming(trx, [incomingRow(incoming, ctx.now())]);
    return row;
  }

  return {
    deliveryJob,
    deliver,
    takeForPoll: delivery.takeForPoll,
    requeueUnrouted,

    /** A change of `config/data-provider` (a provider turned on or configured) re-queues what found no provider. */
    observe(events: StoredEvent[]): void {
      if (!events.some((e) => e.type === 'config.updated' && e.aggregate_id === 'data-provider')) return;
      requeueing = requeueing
        .then(requeueUnrouted)
        .catch((error: unknown) => ctx.logger.error({ err: error }, 'requeueing messages without a provider failed'));
    },
    /** Resolves once the re-queueing started so far is done. */
    requeued: () => requeueing,

    async get(auth: Auth, id: number): Promise<MessageRow> {
      const row = await load(id);
      authorize(messageRule, auth, 'read', row);
      return row;
    },

    async search(auth: Auth, filters: repo.MessageFilters, paging: Paging) {
      authorize(messageRule, auth, 'search', null);
      return repo.search(ctx.db, filters, paging);
    },

    /** `POST /messages`: an outgoing reply, pending, queued for delivery. */
    async create(auth: Auth, body: unknown): Promise<MessageRow> {
      authorize(messageRule, auth, 'create', null);
      const data = parseBody(CreateMessageBody, body, RESOURCE);
      const now = ctx.now();
      return ctx.tx(async (trx) => {
        const fields: FieldError[] = [];
        const parent = typeof data.parent_id === 'number' ? await repo.findById(trx, data.parent_id) : undefined;
        if (typeof data.parent_id === 'number' && !parent) fields.push({ pointer: '/parent_id', message: M.parentMissing(data.parent_id) });
        const contactId = data.contact_id ?? parent?.contact_id ?? null;
        const contact = contactId === null ? undefined : await repo.contactById(trx, contactId);
        if (contactId === null && parent) fields.push({ pointer: '/contact_id', message: M.contactRequired });
        else if (contactId !== null && !contact) fields.push({ pointer: '/contact_id', message: M.contactMissing(contactId) });
        // Only an admin writes on someone else's behalf (API-CONTRACT 13.3).
        const userId = isAdmin(auth) && data.user_id !== undefined ? data.user_id : auth.userId;
        if (userId !== null && userId !== auth.userId && !(await repo.userExists(trx, userId)))
          fields.push({ pointer: '/user_id', message: M.userMissing(userId) });
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const message = await repo.insert(trx, {
          parent_id: parent?.id ?? null,
          contact_id: contact!.id,
          post_id: parent?.post_id ?? null,
          user_id: userId,
          title: data.title ?? null,
          message: data.message,
          datetime: now,
          type: parent?.type ?? data.type ?? typeForContact(contact!.type),
          status: 'pending',
          direction: 'outgoing',
          data_source: parent?.data_source ?? contact!.data_source,
          data_source_message_id: null,
          additional_data: null,
        });
        await appendMessageEvent(trx, 'message.created', message, auth.userId);
        await ctx.jobs.send(trx, deliveryJob, { messageId: message.id });
        return message;
      });
    },

    /** `PUT /messages/{id}`: incoming messages are read-only (403); outgoing ones change status. */
    async update(auth: Auth, id: number, body: unknown): Promise<MessageRow> {
      const current = await load(id);
      authorize(messageRule, auth, 'update', current, M.incomingReadOnly);
      const data = parseBody(UpdateMessageBody, body, RESOURCE);
      if (data.status === current.status) return current;
      return ctx.tx((trx) => repo.updateStatus(trx, id, data.status, ctx.now()));
    },

    /** The post created from a message, or 404. */
    async postIdOf(auth: Auth, id: number): Promise<number> {
      const row = await load(id);
      authorize(messageRule, auth, 'read', row);
      return (await repo.postIdOf(ctx.db, row)) ?? notFound('post');
    },

    /**
     * Reporters' messages arriving through data sources, each exactly once: `inboundKey` (the
     * provider's id, or a digest of sender, text and sent time) is unique per provider, and
     * arrivals of one key wait for each other, so a retried or concurrent repeat (or a repeat
     * among these) finds the first and stores nothing (undefined, in the order given). Without a
     * provider id or sent time (FrontlineSMS), the same text from the same contact within
     * `sameWithin` ms counts as the same message. The keyed ones are stored in one statement.
     * Announced by the caller through `announceReceived` once any post is attached.
     */
    async receiveManyInTransaction(trx: Trx, incomings: InboundIncoming[]): Promise<Array<MessageRow | undefined>> {
      const stored: Array<MessageRow | undefined> = [];
      const keyed: number[] = [];
      for (const [i, incoming] of incomings.entries()) {
        if (incoming.sameWithin === undefined) keyed.push(i);
        else stored[i] = await receiveWithinWindow(trx, incoming, incoming.sameWithin);
      }
      const inserted = await repo.insertIncoming(
        trx,
        keyed.map((i) => incomingRow(incomings[i]!, ctx.now())),
      );
      keyed.forEach((i, n) => (stored[i] = inserted[n]));
      return incomings.map((_, i) => stored[i]);
    },

    /**
     * A message the platform sends by itself (a targeted survey's question, a notification SMS):
     * pending, announced and queued for delivery in the caller's transaction. Without a provider
     * it goes out through the first SMS provider on.
     */
    async queueOutgoingInTransaction(
      trx: Trx,
      outgoing: {
        contactId: number;
        message: string;
        dataSource: string | null;
        postId: number | null;
        question?: { formId: number; formAttributeId: number };
      },
    ): Promise<MessageRow> {
      const message = await repo.insert(trx, {
        parent_id: null,
        contact_id: outgoing.contactId,
        post_id: outgoing.postId,
        user_id: null,
        title: null,
        message: outgoing.message,
        datetime: ctx.now(),
        type: 'sms',
        status: 'pending',
        direction: 'outgoing',
        data_source: outgoing.dataSource,
        data_source_message_id: null,
        additional_data: null,
        form_id: outgoing.question?.formId ?? null,
        form_attribute_id: outgoing.question?.formAttributeId ?? null,
      });
      await appendMessageEvent(trx, 'message.created', message, null);
      await ctx.jobs.send(trx, deliveryJob, { messageId: message.id });
      return message;
    },

    /** Links an incoming answer to its survey, question and post, and appends `message.created`. */
    async announceAnswer(
      trx: Trx,
      message: MessageRow,
      answer: { postId: number; formId: number; formAttributeId: number },
    ): Promise<MessageRow> {
      const saved = await repo.attachAnswer(trx, message.id, answer);
      await appendMessageEvent(trx, 'message.created', saved, null);
      return saved;
    },

    /** Links the post made from an incoming message and appends `message.created` (same transaction). */
    async announceReceived(trx: Trx, message: MessageRow, postId: number | null): Promise<MessageRow> {
      const saved = postId === null ? message : await repo.attachPost(trx, message.id, postId);
      await appendMessageEvent(trx, 'message.created', saved, null);
      return saved;
    },

    /** `announceReceived` for messages that made no post, in one statement. */
    async announceReceivedMany(trx: Trx, messages: MessageRow[]): Promise<void> {
      await appendMessageEvents(trx, 'message.created', messages, null);
    },

    /** A reporter's message arriving through a data source: stored as received and pushed. */
    async receive(incoming: IncomingMessage): Promise<MessageRow> {
      return ctx.tx(async (trx) => {
        const message = await repo.insert(trx, {
          parent_id: incoming.parentId ?? null,
          contact_id: incoming.contactId,
          post_id: incoming.postId ?? null,
          user_id: null,
          title: incoming.title ?? null,
          message: incoming.message,
          datetime: incoming.datetime ?? ctx.now(),
          type: incoming.type,
          status: 'received',
          direction: 'incoming',
          data_source: incoming.dataSource,
          data_source_message_id: incoming.dataSourceMessageId ?? null,
          additional_data: incoming.additionalData ? JSON.stringify(incoming.additionalData) : null,
        });
        await appendMessageEvent(trx, 'message.created', message, null);
        return message;
      });
    },
  };
}
