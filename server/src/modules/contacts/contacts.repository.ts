import type { CONTACT_SORTABLE } from '@platform/shared';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { ContactsTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type ContactRow = Selectable<ContactsTable>;
export type ContactFilters = { users: number[]; types: string[]; contacts: string[]; dataSources: string[] };

export const findById = (db: Executor, id: number) => db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();

export type Address = { type: string; contact: string };

const addressLock = (address: Address) => `contact:${address.type}:${address.contact}`;

/**
 * Serialises find-or-create of these addresses until the transaction ends, in one statement; the
 * locks are taken in one order (the keys sorted), so two transactions locking overlapping sets
 * never wait on each other in a circle.
 */
export async function lockAddresses(trx: Trx, addresses: Address[]): Promise<void> {
  const keys = [...new Set(addresses.map(addressLock))];
  if (keys.length === 0) return;
  await sql`select pg_advisory_xact_lock(hashtext(k)) from (select k from unnest(${keys}::text[]) k order by k) ordered`.execute(trx);
}

/** The oldest contact of each of these addresses that has one (the incumbent looks contacts up by type and address). */
export async function findByAddresses(db: Executor, addresses: Address[]): Promise<ContactRow[]> {
  if (addresses.length === 0) return [];
  const { rows } = await sql<ContactRow>`select distinct on (c.type, c.contact) c.* from contacts c
    join unnest(${addresses.map((a) => a.type)}::text[], ${addresses.map((a) => a.contact)}::text[]) a(type, contact)
      on c.type = a.type and c.contact = a.contact
    order by c.type, c.contact, c.id`.execute(db);
  return rows;
}

export const insertMany = (trx: Trx, rows: Array<Insertable<ContactsTable>>) =>
  rows.length === 0 ? Promise.resolve([]) : trx.insertInto('contacts').values(rows).returningAll().execute();

export const insert = (db: Executor, row: Insertable<ContactsTable>) =>
  db.insertInto('contacts').values(row).returningAll().executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, changes: Updateable<ContactsTable>) =>
  db.updateTable('contacts').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export const remove = (db: Executor, id: number) => db.deleteFrom('contacts').where('id', '=', id).execute();

export async function userExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

function filtered(db: Executor, filters: ContactFilters) {
  let query = db.selectFrom('contacts');
  if (filters.users.length > 0) query = query.where('user_id', 'in', filters.users);
  if (filters.types.length > 0) query = query.where('type', 'in', filters.types);
  if (filters.contacts.length > 0) query = query.where('contact', 'in', filters.contacts);
  if (filters.dataSources.length > 0) query = query.where('data_source', 'in', filters.dataSources);
  return query;
}

export async function search(db: Executor, filters: ContactFilters, paging: Paging): Promise<{ rows: ContactRow[]; total: number }> {
  const orderby = paging.orderby as (typeof CONTACT_SORTABLE)[number];
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
