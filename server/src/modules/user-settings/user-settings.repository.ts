import type { USER_SETTING_SORTABLE } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { UserSettingsTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type UserSettingRow = Selectable<UserSettingsTable>;
export type UserSettingFilters = { keys: string[] };

/** A setting is only found under its own user's path. */
export const findOfUser = (db: Executor, userId: number, id: number) =>
  db.selectFrom('user_settings').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export async function userExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export const lockUser = (db: Executor, id: number) => db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();

/** Null when the user already has this key (unique per user and key). */
export const insert = (db: Executor, row: { user_id: number; config_key: string; config_value: string }) =>
  db
    .insertInto('user_settings')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'config_key']).doNothing())
    .returningAll()
    .executeTakeFirst();

export async function keyTakenByOther(db: Executor, userId: number, key: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_settings')
    .select('id')
    .where('user_id', '=', userId)
    .where('config_key', '=', key)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export const update = (db: Executor, id: number, changes: { config_key?: string; config_value?: string; updated: Date }) =>
  db.updateTable('user_settings').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export const remove = (db: Executor, id: number) => db.deleteFrom('user_settings').where('id', '=', id).execute();

export async function searchOfUser(
  db: Executor,
  userId: number,
  filters: UserSettingFilters,
  paging: Paging,
): Promise<{ rows: UserSettingRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('user_settings').where('user_id', '=', userId);
    if (filters.keys.length > 0) query = query.where('config_key', 'in', filters.keys);
    return query;
  };
  const orderby = paging.orderby as (typeof USER_SETTING_SORTABLE)[number];
  let query = base().selectAll().orderBy(orderby, paging.order).orderBy('id', paging.order).offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
