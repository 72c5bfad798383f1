import { sql, type Kysely } from 'kysely';

/**
 * Data sources (issue 23). `inbound_key` makes an incoming message exactly-once: the provider's
 * message id, or without one a digest of sender, text and sent time, unique per provider, so a
 * gateway retrying the same message (even concurrently) stores it, and its post, once. Outgoing
 * messages waiting for the SMSSync phone to poll are looked up by provider and status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages add column inbound_key text;
    create unique index messages_inbound_key_idx on messages (data_source, inbound_key) where inbound_key is not null;
    create index messages_outgoing_source_idx on messages (data_source, status, id) where direction = 'outgoing';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists messages_outgoing_source_idx;
    drop index if exists messages_inbound_key_idx;
    alter table messages drop column if exists inbound_key;
  `.execute(db);
}
