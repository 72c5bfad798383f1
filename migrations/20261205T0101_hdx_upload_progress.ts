import { sql, type Kysely } from 'kysely';

/**
 * How far an export's upload to the humanitarian data exchange went (issue 22 item 5), so a screen
 * opened mid-upload reads where it is and a restarted node takes it up again:
 * `upload_stage` (queued, dataset, file) while it runs, `upload_lease_until` while a worker holds
 * it, then `dataset_url` once uploaded or `upload_error` (the exchange's answer) once failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table hxl_meta_data
      add column upload_stage text check (upload_stage in ('queued', 'dataset', 'file')),
      add column upload_lease_until timestamptz,
      add column dataset_url text,
      add column upload_error text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table hxl_meta_data
      drop column if exists upload_stage,
      drop column if exists upload_lease_until,
      drop column if exists dataset_url,
      drop column if exists upload_error
  `.execute(db);
}
