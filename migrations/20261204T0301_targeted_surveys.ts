import { sql, type Kysely } from 'kysely';

/**
 * Targeted SMS surveys (issue 24). `targeted_survey_state` is one recipient's conversation with
 * one survey: the question they were last sent (`form_attribute_id`, its message) and the post
 * their answers fill. A contact answers one survey at a time: at most one `pending_response` row
 * per contact. Outgoing questions and incoming answers carry their survey and question on
 * `messages`, which the survey's stats count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages
      add column form_id integer references forms(id) on delete set null,
      add column form_attribute_id integer references form_attributes(id) on delete set null;
    create index messages_form_idx on messages (form_id, direction, status) where form_id is not null;

    create table targeted_survey_state (
      id serial primary key,
      form_id integer not null references forms(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      post_id integer references posts(id) on delete set null,
      message_id integer references messages(id) on delete set null,
      form_attribute_id integer references form_attributes(id) on delete set null,
      status text not null check (status in ('pending_response', 'survey_finished')),
      created timestamptz not null default now(),
      updated timestamptz,
      unique (form_id, contact_id)
    );
    create unique index targeted_survey_state_active_idx on targeted_survey_state (contact_id) where status = 'pending_response';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists targeted_survey_state;
    drop index if exists messages_form_idx;
    alter table messages drop column if exists form_attribute_id, drop column if exists form_id;
  `.execute(db);
}
