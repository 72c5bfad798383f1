import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 25, API-CONTRACT 14.6): the registrations, one delivery per event and webhook
 * (the unique key makes a second node or a replayed batch a no-op), every attempt of it, and the
 * dispatcher's durable place in the event log. The cursor starts at the log's head: webhooks are
 * new, so nothing earlier is owed to anyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      form_id integer references forms(id) on delete cascade,
      name varchar(255) not null,
      shared_secret text not null,
      url text not null,
      webhook_uuid uuid not null default gen_random_uuid() unique,
      event_type text not null check (event_type in ('create', 'update', 'delete')),
      entity_type text not null default 'post' check (entity_type = 'post'),
      source_field_key text,
      destination_field_key text,
      protected boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index webhooks_event_type_idx on webhooks (entity_type, event_type);

    create table webhook_deliveries (
      id serial primary key,
      webhook_id integer not null references webhooks(id) on delete cascade,
      event_id bigint not null,
      post_id integer not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'skipped')),
      attempts integer not null default 0,
      last_status_code integer,
      last_error text,
      created timestamptz not null default now(),
      updated timestamptz,
      delivered_at timestamptz,
      unique (webhook_id, event_id)
    );
    create index webhook_deliveries_list_idx on webhook_deliveries (webhook_id, id desc);

    create table webhook_attempts (
      id serial primary key,
      delivery_id integer not null references webhook_deliveries(id) on delete cascade,
      attempted_at timestamptz not null default now(),
      status_code integer,
      duration_ms integer not null,
      error text
    );
    create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);

    create table webhook_cursor (
      id integer primary key default 1 check (id = 1),
      seq bigint not null,
      event_id bigint not null
    );
    insert into webhook_cursor (id, seq, event_id)
    select 1, coalesce(head.seq, 0), coalesce(head.id, 0)
    from (select 1) one
    left join lateral (
      select c.seq, e.id from event_commits c join events e on e.xid = c.xid order by c.seq desc, e.id desc limit 1
    ) head on true;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_cursor, webhook_attempts, webhook_deliveries, webhooks`.execute(db);
}
