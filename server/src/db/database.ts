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

export type DbHandle = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

/** `options` are server settings for every session of the pool (`-c name=value ...`). */
export function connect(url: string, options: { max?: number; options?: string } = {}): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...(options.options ? { options: options.options } : {}) });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy() };
}

/**
 * Sessions set up for list pages and their capped counts, so each is one round trip instead of a
 * transaction of four (begin, `set local`, the query, commit): `pages` never plans parallel
 * workers (starting them cost more than a 20-row page), `counts` also stops a statement after
 * `countBudgetMs`. Needs a real Postgres server; the embedded database goes without.
 */
export type ListSessions = { pages: Db; counts: Db; close: () => Promise<void> };

export async function connectListSessions(url: string, countBudgetMs: number): Promise<ListSessions | null> {
  const noWorkers = '-c max_parallel_workers_per_gather=0';
  const pages = connect(url, { max: 6, options: noWorkers });
  const counts = connect(url, { max: 4, options: `${noWorkers} -c statement_timeout=${countBudgetMs}` });
  const close = async () => {
    await Promise.all([pages.close(), counts.close()]);
  };
  // A server that ignores settings sent at connection start (PGlite behind its socket does) gets none.
  const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(counts.db);
  if (shown.rows[0]?.statement_timeout !== `${countBudgetMs}ms`) {
    await close();
    return null;
  }
  return { pages: pages.db, counts: counts.db, close };
}
