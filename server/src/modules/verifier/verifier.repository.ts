import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names kysely's migrator recorded; none when the table does not exist yet (never migrated). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const exists = await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!exists.rows[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}
