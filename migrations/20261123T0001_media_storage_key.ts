import { sql, type Kysely } from 'kysely';

/** The file route looks a media row up by its storage key on every image request. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index media_storage_key_unique on media (storage_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists media_storage_key_unique`.execute(db);
}
