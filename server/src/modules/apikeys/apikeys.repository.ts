import type { APIKEY_SORTABLE } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ApiKeysTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export const findById = (db: Executor, id: number) => db.selectFrom('apikeys').selectAll().where('id', '=', id).executeTakeFirst();

export const keyExists = async (db: Executor, apiKey: string) =>
  (await db.selectFrom('apikeys').select('id').where('api_key', '=', apiKey).executeTakeFirst()) !== undefined;

export const insert = (db: Executor, apiKey: string) =>
  db.insertInto('apikeys').values({ api_key: apiKey }).returningAll().executeTakeFirstOrThrow();

export const replaceKey = (db: Executor, id: number, apiKey: string, now: Date) =>
  db.updateTable('apikeys').set({ api_key: apiKey, updated: now }).where('id', '=', id).returningAll().executeTakeFirst();

export const remove = (db: Executor, id: number) => db.deleteFrom('apikeys').where('id', '=', id).execute();

export async function search(db: Executor, paging: Paging): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const orderby = paging.orderby as (typeof APIKEY_SORTABLE)[number];
  let query = db.selectFrom('apikeys').selectAll().orderBy(orderby, paging.order).orderBy('id', paging.order).offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    db
      .selectFrom('apikeys')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
