import { sql, type Kysely } from 'kysely';

/**
 * CSV imports (issue 22, API-CONTRACT 14.4). The uploaded file is kept in the row (at most 10 MB),
 * so a worker on any node, or one restarted after a crash, reads the same bytes again. `next_row`
 * is the checkpoint: data records consumed by committed batches, advanced in the transaction that
 * wrote those rows' posts, so a resumed import neither skips nor repeats a row. The lease says
 * which worker runs the import and until when, so a dead worker's import is taken over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table csv_imports (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      filename text not null,
      mime text not null,
      size integer not null,
      content bytea,
      columns jsonb not null,
      total integer not null,
      maps_to jsonb,
      fixed jsonb,
      status text check (status in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED')),
      processed integer not null default 0,
      errors integer not null default 0,
      next_row integer not null default 0,
      collection_id integer references sets(id) on delete set null,
      lease_owner text,
      lease_until timestamptz,
      completed boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index csv_imports_running_idx on csv_imports (id) where status = 'PENDING';

    create table csv_import_errors (
      id bigserial primary key,
      import_id integer not null references csv_imports(id) on delete cascade,
      row integer not null,
      "column" text,
      reason text not null
    );
    create index csv_import_errors_import_idx on csv_import_errors (import_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists csv_import_errors, csv_imports`.execute(db);
}
