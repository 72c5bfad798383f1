import { sql, type Kysely } from 'kysely';

/** Core schema: accounts, roles, OAuth, config, account resources and the event log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists postgis`.execute(db);

  await sql`
    create table roles (
      id serial primary key,
      name text not null unique,
      display_name text not null,
      description text,
      protected boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create table permissions (
      id serial primary key,
      name text not null unique,
      description text
    );
    create table roles_permissions (
      role text not null references roles(name) on delete cascade on update cascade,
      permission text not null references permissions(name) on delete cascade on update cascade,
      primary key (role, permission)
    );
    create table users (
      id serial primary key,
      email text,
      username text,
      realname text,
      password_hash text,
      role text references roles(name) on delete set null on update cascade,
      language text,
      logins integer not null default 0,
      failed_attempts integer not null default 0,
      last_login timestamptz,
      last_attempt timestamptz,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create unique index users_email_unique on users (lower(email));
    create unique index users_username_unique on users (lower(username));
    create index users_role_idx on users (role);
    create index users_realname_idx on users (realname, id);

    create table oauth_clients (
      id text primary key,
      name text not null,
      secret_hash text not null,
      created timestamptz not null default now()
    );
    create table oauth_access_tokens (
      id bigserial primary key,
      token_hash text not null unique,
      client_id text not null references oauth_clients(id) on delete cascade,
      user_id integer references users(id) on delete cascade,
      scopes text[] not null default '{}',
      expires_at timestamptz not null,
      revoked boolean not null default false,
      created timestamptz not null default now()
    );
    create index oauth_access_tokens_user_idx on oauth_access_tokens (user_id);
    create index oauth_access_tokens_expires_idx on oauth_access_tokens (expires_at);
    create table oauth_refresh_tokens (
      id bigserial primary key,
      token_hash text not null unique,
      access_token_id bigint not null references oauth_access_tokens(id) on delete cascade,
      expires_at timestamptz not null,
      revoked boolean not null default false,
      created timestamptz not null default now()
    );
    create index oauth_refresh_tokens_access_idx on oauth_refresh_tokens (access_token_id);
    create table password_resets (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created timestamptz not null default now()
    );

    create table config (
      group_name text not null,
      key text not null,
      value jsonb not null,
      updated timestamptz not null default now(),
      primary key (group_name, key)
    );

    create table tos (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      agreement_date timestamptz not null default now(),
      tos_version_date timestamptz not null
    );
    create index tos_user_idx on tos (user_id);

    create table contacts (
      id serial primary key,
      user_id integer references users(id) on delete cascade,
      data_source text,
      type text not null,
      contact text not null,
      can_notify boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index contacts_user_idx on contacts (user_id);
    create index contacts_contact_idx on contacts (type, contact);

    create table sets (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      name text not null,
      description text,
      view text not null default 'map',
      view_options jsonb,
      role text[],
      featured boolean not null default false,
      search boolean not null default false,
      filter jsonb,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index sets_user_idx on sets (user_id);

    create table notifications (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      set_id integer not null references sets(id) on delete cascade,
      created timestamptz not null default now(),
      updated timestamptz,
      unique (user_id, set_id)
    );
    create index notifications_set_idx on notifications (set_id);

    create table media (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      caption text,
      mime text not null,
      storage_key text not null,
      original_file_size integer not null,
      original_width integer,
      original_height integer,
      created timestamptz not null default now(),
      updated timestamptz
    );

    create table apikeys (
      id serial primary key,
      api_key text not null unique,
      created timestamptz not null default now(),
      updated timestamptz
    );

    create table user_settings (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      config_key text not null,
      config_value text,
      created timestamptz not null default now(),
      updated timestamptz,
      unique (user_id, config_key)
    );

    create table events (
      id bigserial primary key,
      xid xid8 not null default pg_current_xact_id(),
      type text not null,
      aggregate_type text not null,
      aggregate_id text not null,
      actor_id integer,
      payload jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    create index events_position_idx on events (xid, id);
    create index events_aggregate_idx on events (aggregate_type, aggregate_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists events, user_settings, apikeys, media, notifications, sets, contacts, tos,
      config, password_resets, oauth_refresh_tokens, oauth_access_tokens, oauth_clients, users,
      roles_permissions, permissions, roles cascade
  `.execute(db);
}
