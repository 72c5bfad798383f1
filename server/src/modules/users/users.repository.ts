import type { USER_SORTABLE } from '@platform/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { UsersTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type UserRow = Selectable<UsersTable>;
export type UserContact = { id: number; user_id: number | null; type: string; contact: string };

export const findById = (db: Executor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findByIdForUpdate = (db: Executor, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findByEmail = (db: Executor, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function usernameTaken(db: Executor, username: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type UserFilters = { q?: string; roles: string[]; email?: string };

function filtered(db: Executor, filters: UserFilters) {
  let query = db.selectFrom('users');
  if (filters.q) {
    const like = likeContains(filters.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(users.email)`, 'like', like),
        eb(sql`lower(users.realname)`, 'like', like),
        eb(sql`lower(users.username)`, 'like', like),
        eb.exists(
          eb
            .selectFrom('contacts')
            .select('contacts.id')
            .whereRef('contacts.user_id', '=', 'users.id')
            .where(sql`lower(contacts.contact)`, 'like', like),
        ),
      ]),
    );
  }
  if (filters.roles.length > 0) query = query.where('users.role', 'in', filters.roles);
  if (filters.email) query = query.where(sql`lower(users.email)`, '=', filters.email.toLowerCase());
  return query;
}

export async function search(db: Executor, filters: UserFilters, paging: Paging): Promise<{ rows: UserRow[]; total: number }> {
  const orderby = paging.orderby as (typeof USER_SORTABLE)[number];
  let query = filtered(db, filters)
    .selectAll('users')
    .orderBy(sql.ref(`users.${orderby}`), (ob) => (paging.order === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('users.id', paging.order)
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

export async function contactsOf(db: Executor, userIds: number[]): Promise<UserContact[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('contacts').select(['id', 'user_id', 'type', 'contact']).where('user_id', 'in', userIds).orderBy('id').execute();
}

export async function countAdmins(db: Executor, exceptId?: number): Promise<number> {
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin');
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function roleExists(db: Executor, name: string): Promise<boolean> {
  return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
}
