import { sql, type Kysely } from 'kysely';

/**
 * Live collaboration (issue 7): post edit locks (one row per post at most, so two holders cannot
 * exist), message threads with reporters, and the record of every notification delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_locks (
      id serial primary key,
      post_id integer not null unique references posts(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      expires timestamptz not null,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index post_locks_user_idx on post_locks (user_id);
    create index post_locks_expires_idx on post_locks (expires);

    create table messages (
      id serial primary key,
      parent_id integer references messages(id) on delete set null,
      contact_id integer references contacts(id) on delete set null,
      post_id integer references posts(id) on delete set null,
      user_id integer references users(id) on delete set null,
      title text,
      message text not null,
      datetime timestamptz,
      type text not null default 'sms',
      status text not null default 'pending',
      direction text not null check (direction in ('incoming', 'outgoing')),
      data_source text,
      data_source_message_id text,
      additional_data jsonb,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index messages_contact_idx on messages (contact_id, created, id);
    create index messages_post_idx on messages (post_id) where post_id is not null;
    create index messages_parent_idx on messages (parent_id) where parent_id is not null;
    create index messages_direction_status_idx on messages (direction, status, created desc);

    create table notification_deliveries (
      id serial primary key,
      notification_id integer references notifications(id) on delete set null,
      user_id integer not null references users(id) on delete cascade,
      set_id integer not null references sets(id) on delete cascade,
      post_id integer not null references posts(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'waiting_for_provider')),
      attempts integer not null default 0,
      last_error text,
      created timestamptz not null default now(),
      updated timestamptz,
      sent_at timestamptz,
      unique (set_id, post_id, contact_id)
    );
    create index notification_deliveries_status_idx on notification_deliveries (status, created);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notification_deliveries, messages, post_locks`.execute(db);
}
