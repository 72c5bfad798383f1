import { sql, type Kysely } from 'kysely';

/**
 * The full state an event leaves behind (a post's snapshot for its revision history). `payload`
 * is what sockets receive and stays thin and free of private data; `data` is never pushed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column data jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events drop column if exists data`.execute(db);
}
