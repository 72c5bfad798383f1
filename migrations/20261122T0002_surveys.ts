import { sql, type Kysely } from 'kysely';

/**
 * Surveys (forms) with their tasks (stages), fields (attributes) and the roles allowed to post,
 * and categories (tags). Posts reference `forms(id)` with `on delete cascade` (their own
 * migration), so deleting a survey takes its posts too (API-CONTRACT 7.1). Ids are `serial`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table forms (
      id serial primary key,
      parent_id integer references forms(id) on delete set null,
      name text not null,
      description text,
      color text,
      type text not null default 'report',
      disabled boolean not null default false,
      hide_author boolean not null default false,
      hide_time boolean not null default false,
      hide_location boolean not null default false,
      require_approval boolean not null default true,
      everyone_can_create boolean not null default true,
      targeted_survey boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index forms_parent_idx on forms (parent_id);

    create table form_stages (
      id serial primary key,
      form_id integer not null references forms(id) on delete cascade,
      label text not null,
      description text,
      priority integer not null default 99,
      icon text,
      type text not null default 'task' check (type in ('post', 'task')),
      required boolean not null default false,
      show_when_published boolean not null default true,
      task_is_internal_only boolean not null default true,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index form_stages_form_idx on form_stages (form_id, priority, id);

    create table form_attributes (
      id serial primary key,
      key text not null unique,
      form_stage_id integer not null references form_stages(id) on delete cascade,
      label text not null,
      instructions text,
      input text not null,
      type text not null,
      required boolean not null default false,
      "default" text,
      priority integer not null default 0,
      options jsonb not null default '[]',
      cardinality integer not null default 1,
      config jsonb not null default '{}',
      response_private boolean not null default false,
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index form_attributes_stage_idx on form_attributes (form_stage_id, priority, id);
    create index form_attributes_type_idx on form_attributes (type);
    -- Deleting a category strips its id from the options of every category field.
    create index form_attributes_tag_options_idx on form_attributes using gin (options) where type = 'tags';

    create table form_roles (
      id serial primary key,
      form_id integer not null references forms(id) on delete cascade,
      role_id integer not null references roles(id) on delete cascade,
      unique (form_id, role_id)
    );
    create index form_roles_role_idx on form_roles (role_id);

    create table tags (
      id serial primary key,
      parent_id integer references tags(id) on delete set null,
      tag text not null,
      slug text not null unique,
      type text not null default 'category' check (type in ('category', 'status')),
      color text,
      icon text not null default 'tag',
      description text,
      priority integer not null default 99,
      role text[],
      created timestamptz not null default now(),
      updated timestamptz
    );
    create index tags_parent_idx on tags (parent_id);
    create index tags_type_idx on tags (type);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tags, form_roles, form_attributes, form_stages, forms cascade`.execute(db);
}
