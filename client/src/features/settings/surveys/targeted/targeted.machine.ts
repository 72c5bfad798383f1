import { assign, fromPromise, not, setup } from 'xstate';
import { checkNumbers } from './targeted-numbers';

/** Spec 3 section 5: survey name length, and the SMS length of a question (section 9). */
export const NAME_MIN = 2;
export const NAME_MAX = 255;
export const QUESTION_MAX = 160;

export type Question = { id: string; label: string; priority: number };

/** A message the stepper shows, as an i18n key under `targeted.` and its values. */
export type StepMessage = { key: string; values?: Record<string, number> };

export type QuestionModal = { mode: 'add' } | { mode: 'edit'; id: string };

export type TargetedDraft = {
  name: string;
  description: string;
  country: string | null;
  /** The text box: what is typed, and after a check the numbers that failed, for correction. */
  numbersText: string;
  /** Numbers accepted so far, in E.164. */
  recipients: string[];
  questions: Question[];
  requireApproval: boolean;
  hideAuthor: boolean;
};

export type TargetedContext = TargetedDraft & {
  /** Warnings of the current step (guards that refused to move on). */
  messages: StepMessage[];
  /** The question modal, when open, with its text and problem. */
  modal: QuestionModal | null;
  modalText: string;
  modalProblem: StepMessage | null;
  nextId: number;
  publishError: string[] | null;
  formId: number | null;
};

export type TargetedEvent =
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_DESCRIPTION'; value: string }
  | { type: 'SET_COUNTRY'; value: string | null }
  | { type: 'SET_NUMBERS'; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'OPEN_ADD' }
  | { type: 'OPEN_EDIT'; id: string }
  | { type: 'SET_QUESTION'; value: string }
  | { type: 'SAVE_QUESTION' }
  | { type: 'CLOSE_QUESTION' }
  | { type: 'DELETE_QUESTION'; id: string }
  /** Drag and drop, or the move buttons: the question goes to position `to` (0-based). */
  | { type: 'MOVE_QUESTION'; id: string; to: number }
  | { type: 'TOGGLE_REVIEW' }
  | { type: 'TOGGLE_HIDE_AUTHOR' }
  | { type: 'PUBLISH' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** Problems of step 1 (spec 3 section 5). */
export function nameProblems(name: string, description: string): StepMessage[] {
  const out: StepMessage[] = [];
  const trimmed = name.trim();
  if (trimmed === '') out.push({ key: 'name_required' });
  else if (trimmed.length < NAME_MIN) out.push({ key: 'name_minlength', values: { min: NAME_MIN } });
  else if (trimmed.length > NAME_MAX) out.push({ key: 'name_maxlength', values: { max: NAME_MAX } });
  if (description.trim() === '') out.push({ key: 'description_required' });
  return out;
}

/** The problem of a question being saved: required, at most 160 characters, not a repeat of another. */
export function questionProblem(text: string, questions: readonly Question[], editing: string | null): StepMessage | null {
  const label = text.trim();
  if (label === '') return { key: 'question_required' };
  if (label.length > QUESTION_MAX) return { key: 'question_too_long', values: { max: QUESTION_MAX } };
  const same = (q: Question) => q.id !== editing && q.label.trim().toLowerCase() === label.toLowerCase();
  if (questions.some(same)) return { key: 'question_duplicate' };
  return null;
}

/** Priorities follow positions: the first question is 1 (spec 3 section 4). */
const renumber = (questions: Question[]): Question[] => questions.map((q, i) => ({ ...q, priority: i + 1 }));

/** Total SMS messages: questions × valid recipients (spec 3 section 4). */
export const totalMessages = (context: Pick<TargetedDraft, 'questions' | 'recipients'>) =>
  context.questions.length * context.recipients.length;

const blank: TargetedContext = {
  name: '',
  description: '',
  country: null,
  numbersText: '',
  recipients: [],
  questions: [],
  requireApproval: true,
  hideAuthor: false,
  messages: [],
  modal: null,
  modalText: '',
  modalProblem: null,
  nextId: 1,
  publishError: null,
  formId: null,
};

const messagesOf = (error: unknown): string[] => {
  if (error && typeof error === 'object' && 'messages' in error && Array.isArray((error as { messages: unknown }).messages))
    return (error as { messages: string[] }).messages;
  return error instanceof Error ? [error.message] : [];
};

/**
 * The targeted survey stepper (spec 3 sections 2, 4 and 5; issue 24): name, audience, questions,
 * publish. Each NEXT is guarded by its step's rules and otherwise leaves warnings; BACK goes one
 * step down (from the questions it also resets the number lists: the accepted numbers go back to
 * the text box, to be checked again). Publishing asks for confirmation, then runs `publish` (the
 * spec's call sequence, provided by the screen).
 */
export const targetedMachine = setup({
  types: { context: {} as TargetedContext, events: {} as TargetedEvent, input: {} as Partial<TargetedDraft> | undefined },
  actors: {
    publish: fromPromise<{ formId: number }, TargetedDraft>(() => Promise.reject(new Error('publish is provided by the screen'))),
  },
  guards: {
    nameValid: ({ context }) => nameProblems(context.name, context.description).length === 0,
    hasCountry: ({ context }) => context.country !== null,
    /** Every entered number valid in the country and at least one accepted. */
    numbersValid: ({ context }) => {
      const check = checkNumbers(context.numbersText, context.country ?? '', context.recipients);
      return check.invalid.length === 0 && context.recipients.length + check.valid.length > 0;
    },
    hasQuestion: ({ context }) => context.questions.length > 0,
    modalValid: ({ context }) =>
      questionProblem(context.modalText, context.questions, context.modal?.mode === 'edit' ? context.modal.id : null) === null,
  },
  actions: {
    clearMessages: assign({ messages: [] }),
    warnName: assign({ messages: ({ context }) => nameProblems(context.name, context.description) }),
    warnCountry: assign({ messages: [{ key: 'country_required' }] }),
    /** Valid numbers are kept, invalid ones returned to the text box, with the counts. */
    checkAudience: assign(({ context }) => {
      const check = checkNumbers(context.numbersText, context.country ?? '', context.recipients);
      const recipients = [...context.recipients, ...check.valid];
      const messages: StepMessage[] = [];
      if (check.repeated > 0) messages.push({ key: 'numbers_repeated', values: { count: check.repeated } });
      if (check.invalid.length > 0) messages.push({ key: 'numbers_invalid', values: { count: check.invalid.length } });
      if (recipients.length === 0 && check.invalid.length === 0) messages.push({ key: 'numbers_required' });
      return { recipients, numbersText: check.invalid.join(', '), messages };
    }),
    resetNumbers: assign(({ context }) => ({
      numbersText: [...context.recipients, context.numbersText.trim()].filter((n) => n !== '').join(', '),
      recipients: [],
    })),
    warnQuestions: assign({ messages: [{ key: 'questions_required' }] }),
  },
}).createMachine({
  id: 'targetedSurvey',
  context: ({ input }) => ({ ...blank, ...input }),
  initial: 'name',
  on: {
    SET_NAME: { actions: assign({ name: ({ event }) => event.value }) },
    SET_DESCRIPTION: { actions: assign({ description: ({ event }) => event.value }) },
  },
  states: {
    /** Step 1: name and description. */
    name: {
      on: {
        NEXT: [{ guard: 'nameValid', target: 'audience', actions: 'clearMessages' }, { actions: 'warnName' }],
      },
    },
    /** Step 2: country and phone numbers. */
    audience: {
      on: {
        SET_COUNTRY: { actions: assign({ country: ({ event }) => event.value }) },
        SET_NUMBERS: { actions: assign({ numbersText: ({ event }) => event.value }) },
        NEXT: [
          { guard: not('hasCountry'), actions: 'warnCountry' },
          // Numbers accepted, none left to correct: the repeat count is still worth a word.
          { guard: 'numbersValid', target: 'questions', actions: 'checkAudience' },
          { actions: 'checkAudience' },
        ],
        BACK: { target: 'name', actions: 'clearMessages' },
      },
    },
    /** Step 3: the questions. */
    questions: {
      entry: assign({ modal: null, modalText: '', modalProblem: null }),
      on: {
        OPEN_ADD: { actions: assign({ modal: { mode: 'add' }, modalText: '', modalProblem: null }) },
        OPEN_EDIT: {
          actions: assign(({ context, event }) => ({
            modal: { mode: 'edit', id: event.id } as const,
            modalText: context.questions.find((q) => q.id === event.id)?.label ?? '',
            modalProblem: null,
          })),
        },
        SET_QUESTION: { actions: assign({ modalText: ({ event }) => event.value, modalProblem: null }) },
        CLOSE_QUESTION: { actions: assign({ modal: null, modalText: '', modalProblem: null }) },
        SAVE_QUESTION: [
          {
            guard: ({ context }) => context.modal?.mode === 'add' && questionProblem(context.modalText, context.questions, null) === null,
            actions: assign(({ context }) => ({
              // A new question takes the last priority + 1 (1 when there is none).
              questions: [
                ...context.questions,
                {
                  id: `q${context.nextId}`,
                  label: context.modalText.trim(),
                  priority: (context.questions.at(-1)?.priority ?? 0) + 1,
                },
              ],
              nextId: context.nextId + 1,
              modal: null,
              modalText: '',
              messages: [],
            })),
          },
          {
            guard: 'modalValid',
            actions: assign(({ context }) => ({
              questions: context.questions.map((q) =>
                context.modal?.mode === 'edit' && q.id === context.modal.id ? { ...q, label: context.modalText.trim() } : q,
              ),
              modal: null,
              modalText: '',
            })),
          },
          {
            actions: assign({
              modalProblem: ({ context }) =>
                questionProblem(context.modalText, context.questions, context.modal?.mode === 'edit' ? context.modal.id : null),
            }),
          },
        ],
        DELETE_QUESTION: {
          actions: assign({ questions: ({ context, event }) => renumber(context.questions.filter((q) => q.id !== event.id)) }),
        },
        MOVE_QUESTION: {
          actions: assign({
            questions: ({ context, event }) => {
              const from = context.questions.findIndex((q) => q.id === event.id);
              if (from < 0) return context.questions;
              const to = Math.max(0, Math.min(context.questions.length - 1, event.to));
              const next = [...context.questions];
              const [moved] = next.splice(from, 1);
              next.splice(to, 0, moved!);
              return renumber(next);
            },
          }),
        },
        NEXT: [{ guard: 'hasQuestion', target: 'review', actions: 'clearMessages' }, { actions: 'warnQuestions' }],
        BACK: { target: 'audience', actions: ['clearMessages', 'resetNumbers'] },
      },
    },
    /** Step 4: review required, hide responders, total messages; Publish or Back. */
    review: {
      on: {
        TOGGLE_REVIEW: { actions: assign({ requireApproval: ({ context }) => !context.requireApproval }) },
        TOGGLE_HIDE_AUTHOR: { actions: assign({ hideAuthor: ({ context }) => !context.hideAuthor }) },
        PUBLISH: { target: 'confirming', actions: assign({ publishError: null }) },
        BACK: { target: 'questions', actions: 'clearMessages' },
      },
    },
    confirming: {
      on: { CONFIRM: 'publishing', CANCEL: 'review' },
    },
    publishing: {
      invoke: {
        src: 'publish',
        input: ({ context }) => ({
          name: context.name,
          description: context.description,
          country: context.country,
          numbersText: context.numbersText,
          recipients: context.recipients,
          questions: context.questions,
          requireApproval: context.requireApproval,
          hideAuthor: context.hideAuthor,
        }),
        onDone: { target: 'published', actions: assign({ formId: ({ event }) => event.output.formId }) },
        onError: { target: 'review', actions: assign({ publishError: ({ event }) => messagesOf(event.error) }) },
      },
    },
    published: { type: 'final' },
  },
});
