import type { WebhookListQuery } from '@platform/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { WebhooksTable } from '../../db/tables/webhooks';
import type { Paging } from '../../http/query';
import { rolePermissions } from '../notifications/notification-delivery.repository';

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookOwner = { userId: number; role: string | null; permissions: string[] };

export const findById = (db: Executor, id: number) => db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();

export const insert = (db: Executor, values: Insertable<WebhooksTable>) =>
  db.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, values: Updateable<WebhooksTable>) =>
  db.updateTable('webhooks').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export const remove = (db: Executor, id: number) => db.deleteFrom('webhooks').where('id', '=', id).execute();

export const formExists = async (db: Executor, id: number) =>
  (await db.selectFrom('forms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export async function search(
  db: Executor,
  filters: WebhookListQuery['filters'],
  paging: Paging,
): Promise<{ rows: WebhookRow[]; total: number }> {
  let where = db.selectFrom('webhooks');
  if (filters.event_type.length > 0) where = where.where('event_type', 'in', filters.event_type as WebhookRow['event_type'][]);
  if (filters.form_id.length > 0) where = where.where('form_id', 'in', filters.form_id);
  const orderby = paging.orderby as 'id' | 'name' | 'created' | 'updated';
  let query = where.selectAll().orderBy(orderby, paging.order).orderBy('id', paging.order).offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    where.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Webhooks an event of this kind goes to: every survey's, or this survey's only. */
export const matching = (db: Executor, eventType: WebhookRow['event_type'], formId: number | null) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'created'])
    .where('entity_type', '=', 'post')
    .where('event_type', '=', eventType)
    .where((eb) => (formId === null ? eb('form_id', 'is', null) : eb.or([eb('form_id', 'is', null), eb('form_id', '=', formId)])))
    .orderBy('id')
    .execute();

/** The webhook's owner with what their role allows: deliveries show the post as the owner may read it. */
export const ownerOf = (db: Executor, userId: number): Promise<WebhookOwner | undefined> =>
  db
    .selectFrom('users')
    .select(['users.id as userId', 'users.role as role', rolePermissions.as('permissions')])
    .where('users.id', '=', userId)
    .executeTakeFirst();

export const findByUuid = (db: Executor, uuid: string) =>
  db.selectFrom('webhooks').selectAll().where('webhook_uuid', '=', uuid).executeTakeFirst();

/** The longest-standing user of a role (the seeded administrator), with what the role allows. */
export const firstUserWithRole = (db: Executor, role: string): Promise<WebhookOwner | undefined> =>
  db
    .selectFrom('users')
    .select(['users.id as userId', 'users.role as role', rolePermissions.as('permissions')])
    .where('users.role', '=', role)
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
