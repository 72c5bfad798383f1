import type { AggregateType, EventType, PushedEvent } from '@platform/shared';
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/database';

export const EVENTS_CHANNEL = 'platform_events';

export type NewEvent = {
  type: EventType;
  aggregateType: AggregateType;
  aggregateId: string | number;
  actorId: number | null;
  /** Pushed to every socket allowed to read the aggregate: ids and versions, never private content. */
  payload?: Record<string, unknown>;
  /** Kept in the log only (a post's snapshot for its revision history); never pushed. */
  data?: Record<string, unknown>;
};

/** Where an event sits in commit order: by writer transaction, then id (DESIGN 3). */
export type Position = { xid: bigint; id: number };
export const START: Position = { xid: 0n, id: 0 };

export type StoredEvent = PushedEvent & { position: Position };

export const isAfter = (a: Position, b: Position): boolean => a.xid > b.xid || (a.xid === b.xid && a.id > b.id);

/**
 * Appends an event in the caller's transaction; NOTIFY is delivered by Postgres only on commit,
 * so listeners never hear of a change that rolled back.
 */
export async function appendEvent(trx: Trx, event: NewEvent): Promise<number> {
  const row = await trx
    .insertInto('events')
    .values({
      type: event.type,
      aggregate_type: event.aggregateType,
      aggregate_id: String(event.aggregateId),
      actor_id: event.actorId,
      payload: JSON.stringify(event.payload ?? {}),
      data: event.data === undefined ? null : JSON.stringify(event.data),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx);
  return row.id;
}

type EventRow = {
  id: number;
  xid: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  actor_id: number | null;
  payload: Record<string, unknown>;
  created_at: Date;
};

const toStored = (row: EventRow): StoredEvent => ({
  id: row.id,
  type: row.type as StoredEvent['type'],
  aggregate_type: row.aggregate_type as StoredEvent['aggregate_type'],
  aggregate_id: row.aggregate_id,
  actor_id: row.actor_id,
  payload: row.payload,
  created_at: row.created_at.toISOString(),
  position: { xid: BigInt(row.xid), id: row.id },
});

/**
 * Events after `after`, only from transactions older than every transaction still in flight:
 * an event whose writer has not committed yet can never be skipped, because nothing at or past
 * the oldest running transaction is read until it ends.
 */
export async function readSettledAfter(db: Executor, after: Position, limit: number, upTo?: Position): Promise<StoredEvent[]> {
  const upToClause = upTo ? sql`and (xid, id) <= (${upTo.xid.toString()}::xid8, ${upTo.id}::bigint)` : sql``;
  const { rows } = await sql<EventRow>`
    select id, xid::text as xid, type, aggregate_type, aggregate_id, actor_id, payload, created_at
    from events
    where (xid, id) > (${after.xid.toString()}::xid8, ${after.id}::bigint)
      and xid < pg_snapshot_xmin(pg_current_snapshot())
      ${upToClause}
    order by xid, id
    limit ${limit}
  `.execute(db);
  return rows.map(toStored);
}

/** Whether the log holds events after `after`, settled or not (a reader then looks again soon). */
export async function hasEventsAfter(db: Executor, after: Position): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from events where (xid, id) > (${after.xid.toString()}::xid8, ${after.id}::bigint)) as found
  `.execute(db);
  return rows[0]?.found === true;
}

/** The newest settled position: where a fresh reader starts. */
export async function settledHead(db: Executor): Promise<Position> {
  const { rows } = await sql<{ id: number; xid: string }>`
    select id, xid::text as xid from events
    where xid < pg_snapshot_xmin(pg_current_snapshot())
    order by xid desc, id desc
    limit 1
  `.execute(db);
  const row = rows[0];
  return row ? { xid: BigInt(row.xid), id: row.id } : START;
}

/** The position of an event a client says it saw last; null when it does not exist. */
export async function positionOf(db: Executor, id: number): Promise<Position | null> {
  const { rows } = await sql<{ id: number; xid: string }>`select id, xid::text as xid from events where id = ${id}`.execute(db);
  const row = rows[0];
  return row ? { xid: BigInt(row.xid), id: row.id } : null;
}

/** An aggregate's history, oldest first (post revisions read this). */
export async function eventsOf(db: Executor, aggregateType: AggregateType, aggregateId: string | number): Promise<StoredEvent[]> {
  const { rows } = await sql<EventRow>`
    select id, xid::text as xid, type, aggregate_type, aggregate_id, actor_id, payload, created_at
    from events where aggregate_type = ${aggregateType} and aggregate_id = ${String(aggregateId)}
    order by id
  `.execute(db);
  return rows.map(toStored);
}
