import { CreateFormContactsBody, ERROR_CONTACTS, TargetedMessages, type FormContactsResult } from '@platform/shared';
import { isAdmin, type Auth } from '../../auth/auth';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { ApiError, deny, parseBody, ValidationError } from '../../http/errors';
import type { ContactsService } from '../contacts/contacts.service';
import type { FormsService } from '../forms/forms.service';
import type { MessageRow } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import type { PostAttribute, PostFormContext } from '../posts/post-forms.repository';
import type { PostsModule } from '../posts/posts.module';
import * as repo from './targeted.repository';
import { parseNumbers } from './targeted-numbers';

const RESOURCE = 'form_contacts';
const M = TargetedMessages;

/** A targeted survey's questions: its fields other than the built-in title and description, in order. */
export const questionsOf = (context: PostFormContext): PostAttribute[] =>
  context.attributes.filter((a) => a.type !== 'title' && a.type !== 'description');

export type TargetedService = ReturnType<typeof createTargetedService>;

/**
 * Targeted SMS surveys (issue 24): the recipients of a survey (API-CONTRACT 7.6) and each
 * recipient's conversation, one question at a time, each reply the answer to the question they
 * were last sent, in one post per recipient.
 */
export function createTargetedService(
  ctx: AppContext,
  deps: { forms: FormsService; contacts: ContactsService; messages: MessagesService; posts: PostsModule },
) {
  async function loadTargeted(auth: Auth, formId: number) {
    const form = await deps.forms.loadReadable(auth, formId);
    if (!isAdmin(auth)) deny(auth);
    return form;
  }

  return {
    /** `GET /forms/{id}/contacts`: the survey's recipients. */
    async contacts(auth: Auth, formId: number) {
      await loadTargeted(auth, formId);
      return repo.contactsOf(ctx.db, formId);
    },

    /**
     * `POST /forms/{id}/contacts`: the numbers the survey goes to, which sends it. Refused for a
     * survey that is not targeted, already has recipients or has no question yet (half built); a
     * number that is not valid in the country fails the whole request (`error_contacts`, one entry
     * per number); a number still answering another survey is left out (`invalidated_contacts`).
     * Each recipient's first question is queued in the same transaction.
     */
    async addContacts(auth: Auth, formId: number, body: unknown): Promise<FormContactsResult> {
      const form = await loadTargeted(auth, formId);
      const data = parseBody(CreateFormContactsBody, body, RESOURCE);
      if (!form.targeted_survey) throw new ValidationError(RESOURCE, [{ pointer: '/form_id', message: M.notTargeted }]);
      const context = await deps.posts.formContext(ctx.db, formId);
      const first = context ? questionsOf(context)[0] : undefined;
      if (!first) throw new ValidationError(RESOURCE, [{ pointer: '/form_id', message: M.noQuestions }]);
      const parsed = parseNumbers(data.contacts, data.country_code);
      if (parsed.invalid.length > 0)
        throw new ApiError(422, `Failed to validate ${RESOURCE} entity:\n${M.errorContacts}`, {
          entries: parsed.invalid.map((number) => ({
            status: 422,
            title: ERROR_CONTACTS,
            message: M.errorContacts,
            source: { pointer: number },
          })),
        });
      if (parsed.valid.length === 0) throw new ValidationError(RESOURCE, [{ pointer: '/contacts', message: M.noNumbers }]);
      return ctx.tx(async (trx) => {
        // Two publishes of one survey at once: the second waits, then finds the first's recipients.
        await trx.selectFrom('forms').select('id').where('id', '=', formId).forUpdate().execute();
        if (await repo.hasRecipients(trx, formId))
          throw new ValidationError(RESOURCE, [{ pointer: '/form_id', message: M.alreadyHasContacts }]);
        const contacts = await deps.contacts.findOrCreateManyInTransaction(
          trx,
          parsed.valid.map((number) => ({ type: 'phone', contact: number, dataSource: null })),
        );
        const busy = await repo.busyContacts(
          trx,
          contacts.map((c) => c.id),
        );
        const invalidated: FormContactsResult['invalidated_contacts'] = [];
        let count = 0;
        for (const contact of contacts) {
          if (busy.has(contact.id)) {
            invalidated.push({ contact: contact.contact, message: M.inAnotherSurvey });
            continue;
          }
          const state = await repo.insertState(trx, { form_id: formId, contact_id: contact.id, form_attribute_id: first.id });
          const question = await deps.messages.queueOutgoingInTransaction(trx, {
            contactId: contact.id,
            message: first.label,
            dataSource: contact.data_source,
            postId: null,
            question: { formId, formAttributeId: first.id },
          });
          await repo.updateState(trx, state.id, { message_id: question.id }, ctx.now());
          count += 1;
        }
        return { form_id: formId, count, invalidated_contacts: invalidated };
      });
    },

    /** Which of these contacts have a question waiting (`answerInTransaction` has something to do for them). */
    awaitingAnswer: (trx: Trx, contactIds: number[]) => repo.awaitingAnswer(trx, contactIds),

    /**
     * An incoming message from a contact in a targeted survey, in the inbound transaction after it
     * was stored (once): the answer to their current question, then the next question, or the
     * post completed after the last. Null when the contact is in no survey (the ordinary path).
     */
    async answerInTransaction(trx: Trx, message: MessageRow, received: { text: string; dataSourceMessageId: string | null; at: Date }) {
      if (message.contact_id === null) return null;
      const state = await repo.activeStateForUpdate(trx, message.contact_id);
      if (!state) return null;
      const context = await deps.posts.formContext(trx, state.form_id);
      const questions = context ? questionsOf(context) : [];
      const index = questions.findIndex((q) => q.id === state.form_attribute_id);
      const current = questions[index];
      if (!context || !current) {
        // The survey lost its questions meanwhile: the conversation ends, the message goes the ordinary way.
        await repo.updateState(trx, state.id, { status: 'survey_finished' }, ctx.now());
        return null;
      }
      const next = questions[index + 1];
      const post = await deps.posts.recordTargetedAnswer(trx, {
        context,
        postId: state.post_id,
        key: current.key,
        text: received.text,
        contactId: message.contact_id,
        messageId: message.id,
        dataSourceMessageId: received.dataSourceMessageId,
        postDate: received.at,
        now: ctx.now(),
        complete: next === undefined,
      });
      const answer = await deps.messages.announceAnswer(trx, message, {
        postId: post.id,
        formId: state.form_id,
        formAttributeId: current.id,
      });
      if (!next) {
        await repo.updateState(trx, state.id, { post_id: post.id, status: 'survey_finished', form_attribute_id: null }, ctx.now());
        return { message: answer, postId: post.id };
      }
      const question = await deps.messages.queueOutgoingInTransaction(trx, {
        contactId: message.contact_id,
        message: next.label,
        dataSource: message.data_source,
        postId: post.id,
        question: { formId: state.form_id, formAttributeId: next.id },
      });
      await repo.updateState(trx, state.id, { post_id: post.id, form_attribute_id: next.id, message_id: question.id }, ctx.now());
      return { message: answer, postId: post.id };
    },
  };
}
