import type { TOS_SORTABLE } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { TosTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type TosRow = Selectable<TosTable>;

export const findById = (db: Executor, id: number) => db.selectFrom('tos').selectAll().where('id', '=', id).executeTakeFirst();

export const insert = (db: Executor, row: { user_id: number; agreement_date: Date; tos_version_date: Date }) =>
  db.insertInto('tos').values(row).returningAll().executeTakeFirstOrThrow();

/** One user's agreements: `GET /tos` lists the caller's own only (API-CONTRACT 14.10). */
export async function searchOfUser(db: Executor, userId: number, paging: Paging): Promise<{ rows: TosRow[]; total: number }> {
  const orderby = paging.orderby as (typeof TOS_SORTABLE)[number];
  let query = db
    .selectFrom('tos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(orderby, paging.order)
    .orderBy('id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    db
      .selectFrom('tos')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
