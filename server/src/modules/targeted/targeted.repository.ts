import type { Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { TargetedSurveyStateTable } from '../../db/tables/live';

export type StateRow = Selectable<TargetedSurveyStateTable>;

/** Whether the survey has recipients already (a survey's numbers are set once, API-CONTRACT 7.6). */
export async function hasRecipients(db: Executor, formId: number): Promise<boolean> {
  return (
    (await db.selectFrom('targeted_survey_state').select('id').where('form_id', '=', formId).limit(1).executeTakeFirst()) !== undefined
  );
}

/** Of these contacts, those still answering a survey (one at a time). */
export async function busyContacts(trx: Trx, contactIds: number[]): Promise<Set<number>> {
  if (contactIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('targeted_survey_state')
    .select('contact_id')
    .where('contact_id', 'in', contactIds)
    .where('status', '=', 'pending_response')
    .execute();
  return new Set(rows.map((r) => r.contact_id));
}

export const insertState = (trx: Trx, row: { form_id: number; contact_id: number; form_attribute_id: number }) =>
  trx
    .insertInto('targeted_survey_state')
    .values({ ...row, status: 'pending_response' })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Which of these contacts have a question waiting for their answer (one statement for a group of arrivals). */
export async function awaitingAnswer(db: Executor, contactIds: number[]): Promise<Set<number>> {
  if (contactIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('targeted_survey_state')
    .select('contact_id')
    .where('contact_id', 'in', [...new Set(contactIds)])
    .where('status', '=', 'pending_response')
    .execute();
  return new Set(rows.map((row) => row.contact_id));
}

/** The conversation a contact is in, locked until the transaction ends (replies of one contact are answered in order). */
export const activeStateForUpdate = (trx: Trx, contactId: number): Promise<StateRow | undefined> =>
  trx
    .selectFrom('targeted_survey_state')
    .selectAll()
    .where('contact_id', '=', contactId)
    .where('status', '=', 'pending_response')
    .forUpdate()
    .executeTakeFirst();

export const updateState = (
  trx: Trx,
  id: number,
  changes: Partial<Pick<StateRow, 'post_id' | 'message_id' | 'form_attribute_id' | 'status'>>,
  now: Date,
) =>
  trx
    .updateTable('targeted_survey_state')
    .set({ ...changes, updated: now })
    .where('id', '=', id)
    .execute();

/** The survey's recipients, as contacts, in the order they were added. */
export const contactsOf = (db: Executor, formId: number) =>
  db
    .selectFrom('targeted_survey_state')
    .innerJoin('contacts', 'contacts.id', 'targeted_survey_state.contact_id')
    .selectAll('contacts')
    .where('targeted_survey_state.form_id', '=', formId)
    .orderBy('targeted_survey_state.id')
    .execute();
