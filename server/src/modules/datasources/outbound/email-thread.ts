import type { Executor } from '../../../db/database';

/** The mail a reply answers: its Message-ID (angle brackets kept) and subject. */
export type EmailThread = { messageId: string; subject: string | null };

/**
 * The reporter's mail an outgoing e-mail answers: the message it replies to (`parent_id`) when that
 * came by e-mail, else the contact's latest mail that carried a Message-ID. Null when there is none
 * (a contact who never wrote in by e-mail).
 */
export async function emailThreadOf(db: Executor, outgoingId: number): Promise<EmailThread | null> {
  const outgoing = await db.selectFrom('messages').select(['parent_id', 'contact_id']).where('id', '=', outgoingId).executeTakeFirst();
  if (!outgoing?.contact_id) return null;
  const incoming = db
    .selectFrom('messages')
    .select(['data_source_message_id', 'title'])
    .where('direction', '=', 'incoming')
    .where('type', '=', 'email')
    .where('data_source_message_id', 'is not', null);
  const answered =
    (outgoing.parent_id !== null ? await incoming.where('id', '=', outgoing.parent_id).executeTakeFirst() : undefined) ??
    (await incoming.where('contact_id', '=', outgoing.contact_id).orderBy('id', 'desc').limit(1).executeTakeFirst());
  if (!answered?.data_source_message_id) return null;
  return { messageId: answered.data_source_message_id, subject: answered.title };
}

/** "Re: <subject>", without stacking a second "Re:". */
export const replySubject = (subject: string): string => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`);
