import type { WebhookDeliveryListQuery } from '@platform/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookDeliveryStatus } from '../../db/tables/webhooks';
import type { Position } from '../../events/events.repository';
import type { Paging } from '../../http/query';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** One delivery per event and webhook: null when it exists already (another node, a replayed batch). */
export async function insertDelivery(trx: Trx, values: { webhookId: number; eventId: number; postId: number }): Promise<number | null> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({ webhook_id: values.webhookId, event_id: values.eventId, post_id: values.postId })
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const findDelivery = (db: Executor, id: number) =>
  db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();

export async function recordAttempt(
  trx: Trx,
  delivery: DeliveryRow,
  attempt: { statusCode: number | null; durationMs: number; error: string | null; at: Date },
  status: WebhookDeliveryStatus,
): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: delivery.id,
      attempted_at: attempt.at,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts: sql<number>`attempts + 1`,
      last_status_code: attempt.statusCode,
      last_error: attempt.error,
      updated: attempt.at,
      delivered_at: status === 'delivered' ? attempt.at : null,
    })
    .where('id', '=', delivery.id)
    .execute();
}

/** A delivery that will not be sent (the owner may not read the post): no request was made. */
export const markSkipped = (db: Executor, id: number, reason: string, at: Date) =>
  db.updateTable('webhook_deliveries').set({ status: 'skipped', last_error: reason, updated: at }).where('id', '=', id).execute();

/**
 * Redeliver: back to pending with a fresh round of attempts (the attempt log keeps the earlier
 * ones), unless it is pending already (its next attempt is queued).
 */
export const reopen = (trx: Trx, webhookId: number, id: number, at: Date) =>
  trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, updated: at })
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('status', '!=', 'pending')
    .returningAll()
    .executeTakeFirst();

export async function searchDeliveries(
  db: Executor,
  webhookId: number,
  filters: WebhookDeliveryListQuery['filters'],
  paging: Paging,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  let where = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
  if (filters.status.length > 0) where = where.where('status', 'in', filters.status as WebhookDeliveryStatus[]);
  const orderby = paging.orderby as 'id' | 'created';
  let query = where.selectAll().orderBy(orderby, paging.order).orderBy('id', paging.order).offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    where.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const attemptsOf = (db: Executor, deliveryIds: number[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([] as AttemptRow[])
    : db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();

/** The dispatcher's place in the log, locked: one dispatcher at a time across every node. */
export async function lockCursor(trx: Trx): Promise<Position> {
  const row = await trx.selectFrom('webhook_cursor').select(['seq', 'event_id']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  return { seq: Number(row.seq), id: Number(row.event_id) };
}

export const moveCursor = (trx: Trx, to: Position) =>
  trx.updateTable('webhook_cursor').set({ seq: to.seq, event_id: to.id }).where('id', '=', 1).execute();

/** What the log kept of a deleted post: its audience before deletion (who could read it). */
export const eventData = (db: Executor, eventId: number) =>
  db.selectFrom('events').select('data').where('id', '=', eventId).executeTakeFirst();
