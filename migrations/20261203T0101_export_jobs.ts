import { sql, type Kysely } from 'kysely';

/**
 * Export jobs (issue 22, API-CONTRACT 14.5). The file is written under DATA_DIR by whichever
 * worker holds the lease; a worker that dies leaves a partial file nobody points at, and the one
 * that takes over writes the file again from the first row, so the finished file never holds a
 * row twice. `file_key` is set (with the signing secret and `url_expiration`) in the transaction
 * that ends the job; the sweep deletes files whose URL has expired and clears `file_key`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table export_jobs (
      id serial primary key,
      user_id integer references users(id) on delete cascade,
      entity_type text not null default 'post' check (entity_type = 'post'),
      format text not null default 'csv' check (format in ('csv', 'geojson')),
      fields jsonb,
      filters jsonb not null default '{}',
      status text not null default 'PENDING'
        check (status in ('PENDING', 'QUEUED', 'SUCCESS', 'FAILED', 'EXPORTED_TO_CDN', 'PENDING_HDX')),
      include_hxl boolean not null default false,
      hxl_heading_row jsonb,
      send_to_browser boolean not null default true,
      send_to_hdx boolean not null default false,
      hxl_meta_data_id integer,
      header_row jsonb,
      total_rows integer,
      total_batches integer,
      processed_rows integer not null default 0,
      file_key text,
      file_secret text,
      url_expiration timestamptz,
      lease_owner text,
      lease_until timestamptz,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index export_jobs_user_idx on export_jobs (user_id, id);
    create index export_jobs_running_idx on export_jobs (id) where status in ('PENDING', 'QUEUED');
    create index export_jobs_files_idx on export_jobs (url_expiration) where file_key is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists export_jobs`.execute(db);
}
