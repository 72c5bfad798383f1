import { sql } from 'kysely';
import type { Executor } from '../../db/database';

export type StatsRange = { createdAfter?: Date; createdBefore?: Date };
export type SourceTotals = { all: number; web: number; email: number; sms: number; twitter: number };
export type TargetedTotals = {
  total_recipients: number;
  total_response_recipients: number;
  total_responses: number;
  total_messages_sent: number;
  total_messages_pending: number;
};

const inRange = (range: StatsRange) => {
  const parts = [];
  if (range.createdAfter) parts.push(sql`and created >= ${range.createdAfter}`);
  if (range.createdBefore) parts.push(sql`and created <= ${range.createdBefore}`);
  return sql.join(parts, sql` `);
};

/**
 * Posts of a crowdsourced survey by data source, created within the range, whatever their status.
 * `web` also counts posts made through the API, whose source is null (API-CONTRACT 8.4).
 */
export async function crowdsourcedTotals(db: Executor, formId: number, range: StatsRange): Promise<SourceTotals> {
  const { rows } = await sql<SourceTotals>`
    select count(*)::int as "all",
      (count(*) filter (where source is null or source = 'web'))::int as web,
      (count(*) filter (where source = 'email'))::int as email,
      (count(*) filter (where source = 'sms'))::int as sms,
      (count(*) filter (where source = 'twitter'))::int as twitter
    from posts where form_id = ${formId} ${inRange(range)}
  `.execute(db);
  return rows[0] ?? { all: 0, web: 0, email: 0, sms: 0, twitter: 0 };
}

const inRangeOf = (column: string, range: StatsRange) => {
  const parts = [];
  if (range.createdAfter) parts.push(sql`and ${sql.ref(column)} >= ${range.createdAfter}`);
  if (range.createdBefore) parts.push(sql`and ${sql.ref(column)} <= ${range.createdBefore}`);
  return sql.join(parts, sql` `);
};

/**
 * Recipients, responses and outgoing messages of a targeted survey within the range (issue 24):
 * recipients are its conversations; responses the answers received (each stored once), from
 * `total_response_recipients` people; its questions sent (`sent`, or handed to a polling phone)
 * and pending (waiting for delivery or for the phone to poll).
 */
export async function targetedTotals(db: Executor, formId: number, range: StatsRange): Promise<TargetedTotals> {
  const { rows } = await sql<TargetedTotals>`
    select
      (select count(*)::int from targeted_survey_state s where s.form_id = ${formId} ${inRangeOf('s.created', range)}) as total_recipients,
      (count(distinct m.contact_id) filter (where m.direction = 'incoming'))::int as total_response_recipients,
      (count(*) filter (where m.direction = 'incoming'))::int as total_responses,
      (count(*) filter (where m.direction = 'outgoing' and m.status = 'sent'))::int as total_messages_sent,
      (count(*) filter (where m.direction = 'outgoing' and m.status in ('pending', 'pending_poll')))::int as total_messages_pending
    from messages m where m.form_id = ${formId} ${inRangeOf('m.created', range)}
  `.execute(db);
  return (
    rows[0] ?? { total_recipients: 0, total_response_recipients: 0, total_responses: 0, total_messages_sent: 0, total_messages_pending: 0 }
  );
}
