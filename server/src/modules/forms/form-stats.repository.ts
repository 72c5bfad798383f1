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

/**
 * Recipients, responses and outgoing messages of a targeted survey within the range.
 *
 * Responses are the survey's posts. Recipients and messages stay zero until the messages and
 * targeted-survey contact tables exist; the issues that add them extend this function
 * (recipients = contacts of the survey, sent/pending = outgoing messages by status).
 */
export async function targetedTotals(db: Executor, formId: number, range: StatsRange): Promise<TargetedTotals> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from posts where form_id = ${formId} ${inRange(range)}`.execute(db);
  return {
    total_recipients: 0,
    total_response_recipients: 0,
    total_responses: rows[0]?.n ?? 0,
    total_messages_sent: 0,
    total_messages_pending: 0,
  };
}
