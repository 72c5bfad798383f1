import type { NOTIFICATION_SORTABLE } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { NotificationsTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';
import { rolePermissions } from './notification-delivery.repository';
import type { SubscriberAccess } from './subscriber';

export type NotificationRow = Selectable<NotificationsTable>;
/** `visibleTo` limits a search to one user's subscriptions (everyone but admins). */
export type NotificationFilters = { users: number[]; sets: number[]; visibleTo?: number };

export const findById = (db: Executor, id: number) => db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();

export const findByUserAndSet = (db: Executor, userId: number, setId: number) =>
  db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('set_id', '=', setId).executeTakeFirst();

/** Who may read the set; locked while a subscription to it is written, so it cannot vanish or change in between. */
export const findSetForShare = (db: Executor, id: number) =>
  db.selectFrom('sets').select(['id', 'user_id', 'role']).where('id', '=', id).forShare().executeTakeFirst();

/** The user a subscription is for, with what their role allows; locked like the set. */
export const findSubscriberForShare = (db: Executor, id: number): Promise<SubscriberAccess | undefined> =>
  db
    .selectFrom('users')
    .select(['users.id as userId', 'users.role', rolePermissions.as('permissions')])
    .where('users.id', '=', id)
    .forShare()
    .executeTakeFirst();

/** Subscribing twice is not an error: the existing subscription is the answer (API-CONTRACT 13.1). */
export async function insertOrFind(db: Executor, userId: number, setId: number): Promise<NotificationRow> {
  const inserted = await db
    .insertInto('notifications')
    .values({ user_id: userId, set_id: setId })
    .onConflict((oc) => oc.columns(['user_id', 'set_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await findByUserAndSet(db, userId, setId))!;
}

export const updateSet = (db: Executor, id: number, setId: number, now: Date) =>
  db.updateTable('notifications').set({ set_id: setId, updated: now }).where('id', '=', id).returningAll().executeTakeFirst();

export const remove = (db: Executor, id: number) => db.deleteFrom('notifications').where('id', '=', id).execute();

function filtered(db: Executor, filters: NotificationFilters) {
  let query = db.selectFrom('notifications');
  if (filters.visibleTo !== undefined) query = query.where('user_id', '=', filters.visibleTo);
  if (filters.users.length > 0) query = query.where('user_id', 'in', filters.users);
  if (filters.sets.length > 0) query = query.where('set_id', 'in', filters.sets);
  return query;
}

export async function search(
  db: Executor,
  filters: NotificationFilters,
  paging: Paging,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const orderby = paging.orderby as (typeof NOTIFICATION_SORTABLE)[number];
  let query = filtered(db, filters).selectAll().orderBy(orderby, paging.order).orderBy('id', paging.order).offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
