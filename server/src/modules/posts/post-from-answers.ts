import type { Trx } from '../../db/database';
import { appendPostEvent, updateEventType } from './post-events';
import type { PostFormContext } from './post-forms.repository';
import { defaultStatus } from './post-rules.validation';
import * as repo from './posts.repository';

/** One reply of a targeted survey's recipient: the answer to the question (field `key`) they were asked. */
export type TargetedAnswer = {
  context: PostFormContext;
  /** The recipient's post in this survey, null before their first answer. */
  postId: number | null;
  key: string;
  text: string;
  contactId: number;
  messageId: number;
  dataSourceMessageId: string | null;
  postDate: Date;
  now: Date;
  /** True for the answer to the last question: the post then takes the survey's status for a new post. */
  complete: boolean;
};

/**
 * Writes a targeted survey answer into the recipient's post (issue 24), in the caller's transaction
 * with its event: the first answer creates the post (source sms, under review while the
 * conversation runs), later ones add their field; the last one completes it, published unless the
 * survey requires review.
 */
export async function recordTargetedAnswer(trx: Trx, answer: TargetedAnswer): Promise<repo.PostRow> {
  const { context } = answer;
  const existing = answer.postId === null ? undefined : await repo.findForUpdate(trx, answer.postId);
  const status = answer.complete ? defaultStatus(context.form) : 'draft';
  if (!existing) {
    const post = await repo.insert(trx, {
      form_id: context.form.id,
      user_id: null,
      contact_id: answer.contactId,
      message_id: answer.messageId,
      title: context.form.name,
      slug: null,
      content: '',
      status,
      post_date: answer.postDate,
      values: JSON.stringify({ [answer.key]: [answer.text] }),
      published_to: [],
      completed_stages: [],
      source: 'sms',
      data_source_message_id: answer.dataSourceMessageId,
      mapped: false,
      places: null,
    });
    await appendPostEvent(trx, { type: 'post.created', post, form: context.form, tagIds: [], actorId: null });
    return post;
  }
  const values = { ...existing.values, [answer.key]: [answer.text] };
  const post = await repo.update(trx, existing.id, { values: JSON.stringify(values), status, updated: answer.now });
  await appendPostEvent(trx, {
    type: updateEventType(existing.status, post.status),
    post,
    previous: existing,
    form: context.form,
    tagIds: [],
    actorId: null,
  });
  return post;
}
