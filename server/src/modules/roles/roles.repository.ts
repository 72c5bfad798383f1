import type { ROLE_SORTABLE } from '@platform/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { RolesTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type RoleRow = Selectable<RolesTable>;
export type RoleFilters = { names: string[]; q?: string };

export const findById = (db: Executor, id: number) => db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();

export const findByIdForUpdate = (db: Executor, id: number) =>
  db.selectFrom('roles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function nameTaken(db: Executor, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Each role's permission names, in the order permissions were introduced. */
export async function permissionsOf(db: Executor, roles: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(roles.map((r) => [r, []]));
  if (roles.length === 0) return map;
  const rows = await db
    .selectFrom('roles_permissions as rp')
    .leftJoin('permissions as p', 'p.name', 'rp.permission')
    .select(['rp.role', 'rp.permission'])
    .where('rp.role', 'in', roles)
    .orderBy('p.id')
    .execute();
  for (const row of rows) map.get(row.role)?.push(row.permission);
  return map;
}

export async function replacePermissions(db: Executor, role: string, permissions: string[]): Promise<void> {
  await db.deleteFrom('roles_permissions').where('role', '=', role).execute();
  if (permissions.length > 0) {
    await db
      .insertInto('roles_permissions')
      .values(permissions.map((permission) => ({ role, permission })))
      .execute();
  }
}

function filtered(db: Executor, filters: RoleFilters) {
  let query = db.selectFrom('roles');
  if (filters.names.length > 0) query = query.where('name', 'in', filters.names);
  if (filters.q) {
    const like = likeContains(filters.q.toLowerCase());
    query = query.where(sql`lower(name)`, 'like', like);
  }
  return query;
}

export async function search(db: Executor, filters: RoleFilters, paging: Paging): Promise<{ rows: RoleRow[]; total: number }> {
  const orderby = paging.orderby as (typeof ROLE_SORTABLE)[number];
  let query = filtered(db, filters)
    .selectAll()
    .orderBy(orderby, (ob) => (paging.order === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
