import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { CoreTables } from './tables/core';
import type { LiveTables } from './tables/live';
import type { PostTables } from './tables/posts';
import type { SurveyTables } from './tables/surveys';

/** The typed schema; each feature adds its tables interface here. */
export interface Database extends CoreTables, SurveyTables, PostTables, LiveTables {}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Repositories take either the pool or a transaction. */
export type Executor = Db | Trx;

// int8 (counts, bigserial ids) as numbers: every id and count we handle stays below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric as numbers (averages, rounded coordinates).
pg.types.setTypeParser(1700, (value) => Number(value));

export type DbHandle = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

export function connect(url: string, options: { max?: number } = {}): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy() };
}
