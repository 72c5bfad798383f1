import { sql, type Kysely } from 'kysely';

/**
 * Notification SMS (issue 23): a delivery to a phone contact is handed to the message outbox, which
 * sends it through the contact's provider and records its fate. `message_id` is the outgoing
 * message it became. Rows left `waiting_for_provider` by earlier versions are queued once an SMS
 * provider is configured (the notification service does it on the next `config/data-provider` change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table notification_deliveries add column message_id integer references messages(id) on delete set null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_deliveries drop column if exists message_id`.execute(db);
}
