import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { DeliveryStatus } from '../../db/tables/live';

export type Subscriber = { notificationId: number; userId: number; role: string | null; permissions: string[] };

/** The permissions of the role of `users` in the query, for the read rules. */
export const rolePermissions = sql<
  string[]
>`coalesce((select array_agg(permission) from roles_permissions rp where rp.role = users.role), '{}')`;

/** Who subscribed to a set, with what their role allows (the read check needs it). */
export async function subscribersOf(db: Executor, setId: number): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['notifications.id as notificationId', 'users.id as userId', 'users.role as role', rolePermissions.as('permissions')])
    .where('notifications.set_id', '=', setId)
    .orderBy('notifications.id')
    .execute();
  return rows;
}

/** Saved searches somebody subscribed to (with their filter, and who may read them). */
export const subscribedSavedSearches = (db: Executor) =>
  db
    .selectFrom('sets')
    .select(['sets.id', 'sets.filter', 'sets.user_id', 'sets.role'])
    .where('sets.search', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('notifications').select('notifications.id').whereRef('notifications.set_id', '=', 'sets.id')))
    .execute();

export const findSet = (db: Executor, id: number) =>
  db.selectFrom('sets').select(['id', 'name', 'search', 'filter', 'user_id', 'role']).where('id', '=', id).executeTakeFirst();

export const notifiableContacts = (db: Executor, userId: number) =>
  db
    .selectFrom('contacts')
    .select(['id', 'type', 'contact'])
    .where('user_id', '=', userId)
    .where('can_notify', '=', true)
    .where('type', 'in', ['email', 'phone'])
    .orderBy('id')
    .execute();

/**
 * One row per (set, post, contact): a post that keeps matching is never announced twice, and two
 * nodes observing the same change insert it once. Returns the id only when this call inserted it.
 */
export async function insertDelivery(
  trx: Trx,
  row: {
    notificationId: number;
    userId: number;
    setId: number;
    postId: number;
    contactId: number;
    channel: 'email' | 'sms';
    status: DeliveryStatus;
  },
): Promise<number | null> {
  const inserted = await trx
    .insertInto('notification_deliveries')
    .values({
      notification_id: row.notificationId,
      user_id: row.userId,
      set_id: row.setId,
      post_id: row.postId,
      contact_id: row.contactId,
      channel: row.channel,
      status: row.status,
    })
    .onConflict((oc) => oc.columns(['set_id', 'post_id', 'contact_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** A delivery with what its mail needs. */
export const findDelivery = (db: Executor, id: number) =>
  db
    .selectFrom('notification_deliveries as d')
    .innerJoin('contacts', 'contacts.id', 'd.contact_id')
    .innerJoin('sets', 'sets.id', 'd.set_id')
    .innerJoin('users', 'users.id', 'd.user_id')
    .select([
      'd.id',
      'd.status',
      'd.attempts',
      'd.channel',
      'd.post_id',
      'd.set_id',
      'd.user_id',
      'contacts.contact',
      'sets.name as set_name',
      'sets.search as set_is_search',
      'sets.user_id as set_user_id',
      'sets.role as set_role',
      'users.role',
      'users.realname',
      rolePermissions.as('permissions'),
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();

export async function recordAttempt(
  db: Executor,
  id: number,
  values: { status: DeliveryStatus; attempts: number; lastError: string | null; sentAt: Date | null; messageId?: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({
      status: values.status,
      attempts: values.attempts,
      last_error: values.lastError,
      sent_at: values.sentAt,
      updated: now,
      ...(values.messageId === undefined ? {} : { message_id: values.messageId }),
    })
    .where('id', '=', id)
    .execute();
}

/** A pending delivery with its contact's provider, locked for the caller's transaction (else undefined). */
export const lockPending = (trx: Trx, id: number) =>
  trx
    .selectFrom('notification_deliveries as d')
    .innerJoin('contacts', 'contacts.id', 'd.contact_id')
    .select(['d.id', 'd.attempts', 'd.contact_id', 'contacts.data_source'])
    .where('d.id', '=', id)
    .where('d.status', '=', 'pending')
    .forUpdate('d')
    .executeTakeFirst();

/**
 * SMS deliveries an earlier version left `waiting_for_provider`, made pending in the caller's
 * transaction: whoever flips a row is the only one who queues it.
 */
export async function releaseWaiting(trx: Trx, now: Date): Promise<number[]> {
  const rows = await trx
    .updateTable('notification_deliveries')
    .set({ status: 'pending', updated: now })
    .where('status', '=', 'waiting_for_provider')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
