import type { AggregateType, EventType, PushedEvent } from '@platform/shared';
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/database';
import { noteAppended } from '../db/tx';

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

/**
 * Where an event sits in commit order: its transaction's place among event-appending transactions
 * (`event_commits.seq`, taken as it commits), then its id within the transaction (DESIGN 3).
 */
export type Position = { seq: number; id: number };
export const START: Position = { seq: 0, id: 0 };

/**
 * Who could read the aggregate, as the change logged it in `data.audience` (and `data.previous`,
 * before the change): read with the event so that choosing its sockets needs no query. Never pushed.
 */
export type LoggedAudience = { current: unknown; previous: unknown };

export type StoredEvent = PushedEvent & { position: Position; logged: LoggedAudience };

export const isAfter = (a: Position, b: Position): boolean => a.seq > b.seq || (a.seq === b.seq && a.id > b.id);

/**
 * Appends an event in the caller's transaction; NOTIFY is delivered by Postgres only on commit,
 * so listeners never hear of a change that rolled back. The event's position is taken by a
 * deferred trigger as the transaction commits (migration 20261129T0301): until then it holds
 * nothing back, however long the transaction runs.
 */
export async function appendEvent(trx: Trx, event: NewEvent): Promise<number> {
  const [id] = await appendEvents(trx, [event]);
  return id!;
}

/** Rows per insert of `appendEvents`: six parameters each stays far below Postgres's limit. */
const EVENT_BATCH = 500;

const eventRow = (event: NewEvent) => ({
  type: event.type,
  aggregate_type: event.aggregateType,
  aggregate_id: String(event.aggregateId),
  actor_id: event.actorId,
  payload: JSON.stringify(event.payload ?? {}),
  data: event.data === undefined ? null : JSON.stringify(event.data),
});

/**
 * Appends events in the caller's transaction with one insert per few hundred (a bulk action over
 * a thousand posts); ids follow the order given. The NOTIFY rides in the insert statement (an
 * uncorrelated sub-select, run once): one round trip fewer on every change.
 */
export async function appendEvents(trx: Trx, events: NewEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < events.length; i += EVENT_BATCH) {
    const rows = await trx
      .with('appended', (db) =>
        db
          .insertInto('events')
          .values(events.slice(i, i + EVENT_BATCH).map(eventRow))
          .returning('id'),
      )
      .selectFrom('appended')
      .select(['appended.id', sql`(select pg_notify(${EVENTS_CHANNEL}, ''))`.as('notified')])
      .execute();
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  noteAppended(
    trx,
    events.map((event) => ({ type: event.type, aggregate_id: String(event.aggregateId), payload: event.payload ?? {} })),
  );
  return ids;
}

type EventRow = {
  id: number;
  seq: number;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  actor_id: number | null;
  payload: Record<string, unknown>;
  created_at: Date;
  audience: unknown;
  previous_audience: unknown;
};

const toStored = (row: EventRow): StoredEvent => ({
  id: row.id,
  type: row.type as StoredEvent['type'],
  aggregate_type: row.aggregate_type as StoredEvent['aggregate_type'],
  aggregate_id: row.aggregate_id,
  actor_id: row.actor_id,
  payload: row.payload,
  created_at: row.created_at.toISOString(),
  position: { seq: row.seq, id: row.id },
  logged: { current: row.audience ?? null, previous: row.previous_audience ?? null },
});

/**
 * Committed events after `after`, in commit order. Only committed transactions have a `seq`, and
 * one is handed out only once every lower one is visible, so nothing this read passes can commit
 * later. (The bounds on `c.seq` let its index start and stop the walk; the row comparisons decide.)
 */
export async function readSettledAfter(db: Executor, after: Position, limit: number, upTo?: Position): Promise<StoredEvent[]> {
  const upToClause = upTo ? sql`and (c.seq, e.id) <= (${upTo.seq}::bigint, ${upTo.id}::bigint) and c.seq <= ${upTo.seq}::bigint` : sql``;
  const { rows } = await sql<EventRow>`
    select e.id, c.seq, e.type, e.aggregate_type, e.aggregate_id, e.actor_id, e.payload, e.created_at,
      e.data->'audience' as audience, e.data->'previous' as previous_audience
    from event_commits c
    join events e on e.xid = c.xid
    where (c.seq, e.id) > (${after.seq}::bigint, ${after.id}::bigint) and c.seq >= ${after.seq}::bigint
      ${upToClause}
    order by c.seq, e.id
    limit ${limit}
  `.execute(db);
  return rows.map(toStored);
}

/** The newest committed position: where a fresh reader starts. */
export async function settledHead(db: Executor): Promise<Position> {
  const { rows } = await sql<{ id: number; seq: number }>`
    select e.id, c.seq from event_commits c join events e on e.xid = c.xid
    order by c.seq desc, e.id desc
    limit 1
  `.execute(db);
  const row = rows[0];
  return row ? { seq: row.seq, id: row.id } : START;
}

/**
 * The position of an event a client says it saw last; null when it does not exist (or has not
 * committed). Events logged before positions were taken at commit were numbered in the order they
 * were delivered then, so an old id still resumes between the same neighbours.
 */
export async function positionOf(db: Executor, id: number): Promise<Position | null> {
  const { rows } = await sql<{ id: number; seq: number }>`
    select e.id, c.seq from events e join event_commits c on c.xid = e.xid where e.id = ${id}
  `.execute(db);
  const row = rows[0];
  return row ? { seq: row.seq, id: row.id } : null;
}
