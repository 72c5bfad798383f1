import type { MESSAGE_SORTABLE } from '@platform/shared';
import { sql, type Insertable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import { likeContains } from '../../db/like';
import type { MessagesTable } from '../../db/tables/live';
import type { Paging } from '../../http/query';

/** A message with its contact's address and type (Message JSON carries both). */
export type MessageRow = {
  id: number;
  parent_id: number | null;
  contact_id: number | null;
  post_id: number | null;
  user_id: number | null;
  title: string | null;
  message: string;
  datetime: Date | null;
  type: string;
  status: string;
  direction: 'incoming' | 'outgoing';
  data_source: string | null;
  data_source_message_id: string | null;
  additional_data: Record<string, unknown> | null;
  created: Date;
  updated: Date | null;
  contact: string | null;
  contact_type: string | null;
};

export type MessageFilters = {
  directions: Array<'incoming' | 'outgoing'>;
  /** null: every status but archived (the v3 default). */
  statuses: string[] | null;
  allStatuses: boolean;
  contacts: number[];
  parents: number[];
  posts: number[];
  types: string[];
  dataSources: string[];
  q: string | null;
};

const base = (db: Executor) => db.selectFrom('messages').leftJoin('contacts', 'contacts.id', 'messages.contact_id');

const columns = [
  'messages.id',
  'messages.parent_id',
  'messages.contact_id',
  'messages.post_id',
  'messages.user_id',
  'messages.title',
  'messages.message',
  'messages.datetime',
  'messages.type',
  'messages.status',
  'messages.direction',
  'messages.data_source',
  'messages.data_source_message_id',
  'messages.additional_data',
  'messages.created',
  'messages.updated',
  'contacts.contact as contact',
  'contacts.type as contact_type',
] as const;

export const findById = (db: Executor, id: number): Promise<MessageRow | undefined> =>
  base(db).select(columns).where('messages.id', '=', id).executeTakeFirst() as Promise<MessageRow | undefined>;

export async function insert(trx: Trx, row: Insertable<MessagesTable>): Promise<MessageRow> {
  const { id } = await trx.insertInto('messages').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findById(trx, id))!;
}

export async function updateStatus(trx: Trx, id: number, status: string, now: Date): Promise<MessageRow> {
  await trx.updateTable('messages').set({ status, updated: now }).where('id', '=', id).execute();
  return (await findById(trx, id))!;
}

/** Merges `values` into `additional_data` (the delivery job's record). */
export async function recordAdditional(db: Executor, id: number, values: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ additional_data: sql`coalesce(additional_data, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb`, updated: now })
    .where('id', '=', id)
    .execute();
}

export const contactById = (db: Executor, id: number) =>
  db.selectFrom('contacts').select(['id', 'user_id', 'type', 'contact', 'data_source']).where('id', '=', id).executeTakeFirst();

export async function userExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

function filtered(db: Executor, f: MessageFilters) {
  let query = base(db);
  if (f.directions.length > 0) query = query.where('messages.direction', 'in', f.directions);
  if (f.statuses !== null && f.statuses.length > 0) query = query.where('messages.status', 'in', f.statuses);
  else if (!f.allStatuses) query = query.where('messages.status', '<>', 'archived');
  if (f.contacts.length > 0) query = query.where('messages.contact_id', 'in', f.contacts);
  if (f.parents.length > 0) query = query.where('messages.parent_id', 'in', f.parents);
  if (f.posts.length > 0) query = query.where('messages.post_id', 'in', f.posts);
  if (f.types.length > 0) query = query.where('messages.type', 'in', f.types);
  if (f.dataSources.length > 0) query = query.where('messages.data_source', 'in', f.dataSources);
  if (f.q) {
    const like = likeContains(f.q);
    query = query.where((eb) =>
      eb.or([eb('contacts.contact', 'ilike', like), eb('messages.title', 'ilike', like), eb('messages.message', 'ilike', like)]),
    );
  }
  return query;
}

export async function search(db: Executor, filters: MessageFilters, paging: Paging): Promise<{ rows: MessageRow[]; total: number }> {
  const orderby = `messages.${paging.orderby as (typeof MESSAGE_SORTABLE)[number]}` as const;
  let query = filtered(db, filters)
    .select(columns)
    .orderBy(orderby, paging.order)
    .orderBy('messages.id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MessageRow[], total: Number(count.total) };
}

/** The post created from a message (`GET /messages/{id}/post`). */
export const postIdOf = async (db: Executor, message: MessageRow): Promise<number | null> => {
  if (message.post_id !== null) return message.post_id;
  const row = await db.selectFrom('posts').select('id').where('message_id', '=', message.id).orderBy('id').executeTakeFirst();
  return row?.id ?? null;
};

/** An incoming message already stored under this exactly-once key (migration 20261203T0301). */
export const findByInboundKey = (db: Executor, dataSource: string, inboundKey: string) =>
  db
    .selectFrom('messages')
    .select(['id', 'post_id'])
    .where('data_source', '=', dataSource)
    .where('inbound_key', '=', inboundKey)
    .executeTakeFirst();

/** Serialises the arrivals of one exactly-once key until the transaction ends. */
export const lockInboundKey = (trx: Trx, dataSource: string, inboundKey: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`inbound:${dataSource}:${inboundKey}`}))`.execute(trx);

/** The same text from the same contact through the same provider since `since` (a retry of a message without id or time). */
export const findRecentSame = (db: Executor, q: { dataSource: string; contactId: number; message: string; since: Date }) =>
  db
    .selectFrom('messages')
    .select(['id', 'post_id'])
    .where('direction', '=', 'incoming')
    .where('data_source', '=', q.dataSource)
    .where('contact_id', '=', q.contactId)
    .where('message', '=', q.message)
    .where('created', '>=', q.since)
    .executeTakeFirst();

/**
 * Inserts incoming messages and reads them back with their contacts in one statement. A message
 * whose key is taken (by a stored message or an earlier one of these rows) is not stored: the
 * unique index is the last word. Answers, in the order given, each row stored or undefined.
 */
export async function insertIncoming(trx: Trx, rows: Array<Insertable<MessagesTable>>): Promise<Array<MessageRow | undefined>> {
  if (rows.length === 0) return [];
  const stored = (await trx
    .with('inserted', (db) =>
      db
        .insertInto('messages')
        .values(rows)
        .onConflict((oc) => oc.columns(['data_source', 'inbound_key']).where('inbound_key', 'is not', null).doNothing())
        .returningAll(),
    )
    .selectFrom('inserted as messages')
    .leftJoin('contacts', 'contacts.id', 'messages.contact_id')
    .select([...columns, 'messages.inbound_key'])
    .execute()) as Array<MessageRow & { inbound_key: string | null }>;
  // Rows are inserted in the order given: of two with one key, the first is the one stored.
  const byKey = new Map(stored.map(({ inbound_key: key, ...row }) => [`${row.data_source}\u0000${key}`, row]));
  return rows.map((row) => {
    const key = `${row.data_source}\u0000${row.inbound_key}`;
    const hit = byKey.get(key);
    byKey.delete(key);
    return hit;
  });
}

/** Marks an incoming message as the answer to a targeted survey's question, in the recipient's post. */
export async function attachAnswer(
  trx: Trx,
  id: number,
  answer: { postId: number; formId: number; formAttributeId: number },
): Promise<MessageRow> {
  await trx
    .updateTable('messages')
    .set({ post_id: answer.postId, form_id: answer.formId, form_attribute_id: answer.formAttributeId })
    .where('id', '=', id)
    .execute();
  return (await findById(trx, id))!;
}

export async function attachPost(trx: Trx, id: number, postId: number): Promise<MessageRow> {
  await trx.updateTable('messages').set({ post_id: postId }).where('id', '=', id).execute();
  return (await findById(trx, id))!;
}

/** Locks an outgoing message for its delivery step; skipped when another worker holds it. */
export const lockForDelivery = (trx: Trx, id: number) =>
  base(trx).select(columns).where('messages.id', '=', id).forUpdate('messages').skipLocked().executeTakeFirst() as Promise<
    MessageRow | undefined
  >;

/** Sets status and merges `delivery` into `additional_data` in one statement. */
export async function recordDelivery(
  trx: Trx,
  id: number,
  status: string,
  delivery: Record<string, unknown>,
  now: Date,
): Promise<MessageRow> {
  await trx
    .updateTable('messages')
    .set({
      status,
      updated: now,
      additional_data: sql`coalesce(additional_data, '{}'::jsonb) || jsonb_build_object('delivery', coalesce(additional_data->'delivery', '{}'::jsonb) || ${JSON.stringify(delivery)}::jsonb)`,
    })
    .where('id', '=', id)
    .execute();
  return (await findById(trx, id))!;
}

/**
 * Outgoing messages that found no provider (`delivery.state` `no_provider`), marked `requeued` in
 * the caller's transaction: whoever marks a message is the only one who queues it again.
 */
export async function markUnroutedRequeued(trx: Trx, now: Date): Promise<number[]> {
  const rows = await trx
    .updateTable('messages')
    .set({
      updated: now,
      additional_data: sql`additional_data || jsonb_build_object('delivery', (additional_data->'delivery') || ${JSON.stringify({ state: 'requeued', requeued_at: now.toISOString() })}::jsonb)`,
    })
    .where('direction', '=', 'outgoing')
    .where('status', '=', 'pending')
    .where(sql<boolean>`additional_data->'delivery'->>'state' = 'no_provider'`)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Up to `limit` outgoing messages waiting for a polling provider (SMSSync), locked, oldest first:
 * those of its contacts, and those of no provider (a targeted survey's questions) routed to it.
 */
export const waitingForPoll = (trx: Trx, dataSource: string, limit: number) =>
  base(trx)
    .select(columns)
    .where('messages.direction', '=', 'outgoing')
    .where((eb) =>
      eb.or([
        eb('messages.data_source', '=', dataSource),
        eb.and([eb('messages.data_source', 'is', null), eb(sql`messages.additional_data->'delivery'->>'provider'`, '=', dataSource)]),
      ]),
    )
    .where('messages.status', '=', 'pending_poll')
    .orderBy('messages.id')
    .limit(limit)
    .forUpdate('messages')
    .skipLocked()
    .execute() as Promise<MessageRow[]>;
