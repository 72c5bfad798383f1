import { sql, type Kysely } from 'kysely';

/**
 * Planner help at a million posts (issue 6). Every non-manager query filters on
 * `cardinality(published_to) = 0`; without statistics on that expression Postgres guesses 0.5% of
 * rows instead of nearly all, and picks nested loops and full sorts that take seconds. And JIT
 * compilation, which the planner switches on for big estimated costs, adds 100-200 ms to queries
 * that run in a few milliseconds: an API answering short queries is better off without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics if not exists posts_published_to_cardinality on (cardinality(published_to)) from posts`.execute(db);
  await sql`analyze posts`.execute(db);
  await sql`do $$ begin execute format('alter database %I set jit = off', current_database()); end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics if exists posts_published_to_cardinality`.execute(db);
  await sql`do $$ begin execute format('alter database %I reset jit', current_database()); end $$`.execute(db);
}
