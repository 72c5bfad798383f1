import type { PERMISSION_SORTABLE } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { PermissionsTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type PermissionRow = Selectable<PermissionsTable>;
export type PermissionFilters = { q?: string; names: string[] };

export const findById = (db: Executor, id: number) => db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();

export async function existingNames(db: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectFrom('permissions').select('name').where('name', 'in', names).execute();
  return new Set(rows.map((r) => r.name));
}

function filtered(db: Executor, filters: PermissionFilters) {
  let query = db.selectFrom('permissions');
  if (filters.q) {
    const like = likeContains(filters.q.toLowerCase());
    query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', like));
  }
  if (filters.names.length > 0) query = query.where('name', 'in', filters.names);
  return query;
}

export async function search(db: Executor, filters: PermissionFilters, paging: Paging) {
  const orderby = paging.orderby as (typeof PERMISSION_SORTABLE)[number];
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
