import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { CoreTables } from './tables/core';
import type { ImportTables } from './tables/imports';
import type { ExportTables, HxlTables } from './tables/exports';
import type { LiveTables } from './tables/live';
import type { PostTables } from './tables/posts';
import type { SurveyTables } from './tables/surveys';
import type { WebhookTables } from './tables/webhooks';

/** The typed schema; each feature adds its tables interface here. */
export interface Database extends CoreTables, SurveyTables, PostTables, LiveTables, ImportTables, ExportTables, HxlTables, WebhookTables {}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Repositories take either the pool or a transaction. */
export type Executor = Db | Trx;

// int8 (counts, bigserial ids) as numbers: every id and count we handle stays below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric as numbers (averages, rounded coordinates).
pg.types.setTypeParser(1700, (value) => Number(value));

export type DbHandle = {
  db: Db;
  pool: pg.Pool;
  url: string;
  /** Opens the sessions the pool keeps (`keep`) now, rather than as requests first need them. */
  open: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A session loads PostGIS's library, and geography its spheroid, the first time it uses them:
 * 30-75 ms on this machine (a 10 km radius list planned on a fresh session in 28 ms, on a warm one
 * in 1.3). Done as a session opens, before the pool hands it out; the timeout the session starts
 * with (a budgeted count's) is lifted for it and back after. On a database without PostGIS yet
 * (before the migrations) the session opens as it is.
 */
async function warmPostgis(client: pg.ClientBase): Promise<void> {
  await client
    .query(
      `set statement_timeout = 0;
       select ST_Distance('SRID=4326;POINT(0 0)'::geography, 'SRID=4326;POINT(0 1)'::geography, false)`,
    )
    .catch(() => undefined);
  await client.query('reset statement_timeout');
}

export type ConnectOptions = {
  max?: number;
  /** Server settings for every session of the pool (`-c name=value ...`). */
  options?: string;
  /**
   * Sessions kept open however long they idle, each with PostGIS loaded as it opens: a request
   * after a quiet spell does not wait for a new session and its PostGIS start (pg closes idle
   * sessions after 10 s otherwise). For a server's own pools; tests and tools open them as needed.
   */
  keep?: number;
  /** How long a session past `keep` may idle before it is closed (pg's default 10 s). */
  idleTimeoutMs?: number;
};

export function connect(url: string, { max = 10, options, keep = 0, idleTimeoutMs }: ConnectOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: keep,
    ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMillis: idleTimeoutMs }),
    ...(options ? { options } : {}),
    ...(keep > 0 ? { onConnect: warmPostgis } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const open = async () => {
    const clients = await Promise.all(Array.from({ length: Math.min(keep, max) }, () => pool.connect()));
    for (const client of clients) client.release();
  };
  return { db, pool, url, open, close: () => db.destroy() };
}

/**
 * Sessions set up for list pages and their capped counts, so each is one round trip instead of a
 * transaction of four (begin, `set local`, the query, commit): `pages` never plans parallel
 * workers (starting them cost more than a 20-row page), `counts` also stops a statement after
 * `countBudgetMs`. Needs a real Postgres server; the embedded database goes without.
 */
export type ListSessions = { pages: Db; counts: Db; open: () => Promise<void>; close: () => Promise<void> };

export async function connectListSessions(url: string, countBudgetMs: number): Promise<ListSessions | null> {
  const noWorkers = '-c max_parallel_workers_per_gather=0';
  // Every session kept: a count that opened a session and loaded PostGIS within its budget of
  // milliseconds always ran out of it.
  const pages = connect(url, { max: 6, keep: 6, options: noWorkers });
  const counts = connect(url, { max: 4, keep: 4, options: `${noWorkers} -c statement_timeout=${countBudgetMs}` });
  const open = async () => {
    await Promise.all([pages.open(), counts.open()]);
  };
  const close = async () => {
    await Promise.all([pages.close(), counts.close()]);
  };
  // A server that ignores settings sent at connection start (PGlite behind its socket does) gets none.
  const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(counts.db);
  if (shown.rows[0]?.statement_timeout !== `${countBudgetMs}ms`) {
    await close();
    return null;
  }
  return { pages: pages.db, counts: counts.db, open, close };
}
