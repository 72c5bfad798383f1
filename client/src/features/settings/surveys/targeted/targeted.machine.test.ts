import type { FormContactsResult } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../../api/errors';
import { publishTargetedSurvey, refusedNumbers, type TargetedGateway } from './targeted-publish';
import { checkNumbers } from './targeted-numbers';
import { targetedMachine, totalMessages, type TargetedDraft } from './targeted.machine';

function start(publish: (draft: TargetedDraft) => Promise<{ formId: number }> = () => Promise.resolve({ formId: 9 })) {
  const spy = vi.fn(publish);
  const actor = createActor(targetedMachine.provide({ actors: { publish: fromPromise(({ input }) => spy(input)) } }), {
    input: {},
  }).start();
  return { actor, spy, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
}

/** Steps 1 and 2 done with these numbers (US). */
function atQuestions(numbers = '415 555 0101, 4155550102') {
  const run = start();
  run.actor.send({ type: 'SET_NAME', value: 'Water survey' });
  run.actor.send({ type: 'SET_DESCRIPTION', value: 'Who has clean water' });
  run.actor.send({ type: 'NEXT' });
  run.actor.send({ type: 'SET_COUNTRY', value: 'US' });
  run.actor.send({ type: 'SET_NUMBERS', value: numbers });
  run.actor.send({ type: 'NEXT' });
  return run;
}

function addQuestion(run: ReturnType<typeof start>, text: string) {
  run.actor.send({ type: 'OPEN_ADD' });
  run.actor.send({ type: 'SET_QUESTION', value: text });
  run.actor.send({ type: 'SAVE_QUESTION' });
}

describe('step 1: name and description', () => {
  it('warns for a missing name and description and stays', () => {
    const { actor, ctx, state } = start();
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('name');
    expect(ctx().messages).toEqual([{ key: 'name_required' }, { key: 'description_required' }]);
  });

  it('warns for a name under 2 or over 255 characters', () => {
    const { actor, ctx, state } = start();
    actor.send({ type: 'SET_NAME', value: ' a ' });
    actor.send({ type: 'SET_DESCRIPTION', value: 'd' });
    actor.send({ type: 'NEXT' });
    expect(ctx().messages).toEqual([{ key: 'name_minlength', values: { min: 2 } }]);
    actor.send({ type: 'SET_NAME', value: 'n'.repeat(256) });
    actor.send({ type: 'NEXT' });
    expect(ctx().messages).toEqual([{ key: 'name_maxlength', values: { max: 255 } }]);
    expect(state()).toBe('name');
  });

  it('moves to step 2 when valid, clearing the warnings', () => {
    const { actor, ctx, state } = start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_NAME', value: 'Water survey' });
    actor.send({ type: 'SET_DESCRIPTION', value: 'About water' });
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('audience');
    expect(ctx().messages).toEqual([]);
  });
});

describe('step 2: country and numbers', () => {
  const toAudience = () => {
    const run = start();
    run.actor.send({ type: 'SET_NAME', value: 'Water survey' });
    run.actor.send({ type: 'SET_DESCRIPTION', value: 'About water' });
    run.actor.send({ type: 'NEXT' });
    return run;
  };

  it('needs a country', () => {
    const { actor, ctx, state } = toAudience();
    actor.send({ type: 'SET_NUMBERS', value: '4155550101' });
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('audience');
    expect(ctx().messages).toEqual([{ key: 'country_required' }]);
  });

  it('needs at least one number', () => {
    const { actor, ctx, state } = toAudience();
    actor.send({ type: 'SET_COUNTRY', value: 'US' });
    actor.send({ type: 'SET_NUMBERS', value: ' , ' });
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('audience');
    expect(ctx().messages).toEqual([{ key: 'numbers_required' }]);
  });

  it('keeps valid numbers in E.164, returns the invalid ones to the text box, counts repeats', () => {
    const { actor, ctx, state } = toAudience();
    actor.send({ type: 'SET_COUNTRY', value: 'US' });
    actor.send({ type: 'SET_NUMBERS', value: '(415) 555-0101, 12 345, 415 555 0101, +1 415 555 0102, abc' });
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('audience');
    expect(ctx().recipients).toEqual(['+14155550101', '+14155550102']);
    expect(ctx().numbersText).toBe('12345, abc');
    expect(ctx().messages).toEqual([
      { key: 'numbers_repeated', values: { count: 1 } },
      { key: 'numbers_invalid', values: { count: 2 } },
    ]);
    // Corrected in the text box: one of them is a repeat of a kept number.
    actor.send({ type: 'SET_NUMBERS', value: '4155550103, 415-555-0101' });
    actor.send({ type: 'NEXT' });
    expect(state()).toBe('questions');
    expect(ctx().recipients).toEqual(['+14155550101', '+14155550102', '+14155550103']);
    expect(ctx().numbersText).toBe('');
    expect(ctx().messages).toEqual([{ key: 'numbers_repeated', values: { count: 1 } }]);
  });

  it('reads numbers in the chosen country: a Uruguayan mobile is not a US number', () => {
    expect(checkNumbers('094 123 456', 'UY')).toEqual({ valid: ['+59894123456'], invalid: [], repeated: 0 });
    expect(checkNumbers('094 123 456', 'US')).toEqual({ valid: [], invalid: ['094123456'], repeated: 0 });
  });

  it('goes back to step 1', () => {
    const { actor, state } = toAudience();
    actor.send({ type: 'BACK' });
    expect(state()).toBe('name');
  });
});

describe('step 3: questions', () => {
  it('adds questions with priority last + 1, refusing empty, too long and repeated ones', () => {
    const run = atQuestions();
    expect(run.state()).toBe('questions');
    addQuestion(run, '   ');
    expect(run.ctx().modalProblem).toEqual({ key: 'question_required' });
    run.actor.send({ type: 'SET_QUESTION', value: 'x'.repeat(161) });
    expect(run.ctx().modalProblem).toBeNull();
    run.actor.send({ type: 'SAVE_QUESTION' });
    expect(run.ctx().modalProblem).toEqual({ key: 'question_too_long', values: { max: 160 } });
    run.actor.send({ type: 'SET_QUESTION', value: 'x'.repeat(160) });
    run.actor.send({ type: 'SAVE_QUESTION' });
    expect(run.ctx().modal).toBeNull();
    addQuestion(run, 'How many people live in your home?');
    addQuestion(run, 'how many people live in your home? ');
    expect(run.ctx().modalProblem).toEqual({ key: 'question_duplicate' });
    run.actor.send({ type: 'CLOSE_QUESTION' });
    expect(run.ctx().questions.map((q) => q.priority)).toEqual([1, 2]);
  });

  it('edits a question (its own text is no repeat) and deletes one, renumbering', () => {
    const run = atQuestions();
    addQuestion(run, 'First?');
    addQuestion(run, 'Second?');
    addQuestion(run, 'Third?');
    run.actor.send({ type: 'OPEN_EDIT', id: 'q2' });
    expect(run.ctx().modalText).toBe('Second?');
    run.actor.send({ type: 'SAVE_QUESTION' });
    expect(run.ctx().modal).toBeNull();
    run.actor.send({ type: 'OPEN_EDIT', id: 'q2' });
    run.actor.send({ type: 'SET_QUESTION', value: 'First?' });
    run.actor.send({ type: 'SAVE_QUESTION' });
    expect(run.ctx().modalProblem).toEqual({ key: 'question_duplicate' });
    run.actor.send({ type: 'SET_QUESTION', value: 'Second, edited?' });
    run.actor.send({ type: 'SAVE_QUESTION' });
    run.actor.send({ type: 'DELETE_QUESTION', id: 'q1' });
    expect(run.ctx().questions).toEqual([
      { id: 'q2', label: 'Second, edited?', priority: 1 },
      { id: 'q3', label: 'Third?', priority: 2 },
    ]);
  });

  it('reorders by drag or keys: priority becomes position + 1', () => {
    const run = atQuestions();
    for (const q of ['A?', 'B?', 'C?']) addQuestion(run, q);
    run.actor.send({ type: 'MOVE_QUESTION', id: 'q3', to: 0 });
    expect(run.ctx().questions.map((q) => [q.label, q.priority])).toEqual([
      ['C?', 1],
      ['A?', 2],
      ['B?', 3],
    ]);
    run.actor.send({ type: 'MOVE_QUESTION', id: 'q3', to: 9 });
    expect(run.ctx().questions.map((q) => q.label)).toEqual(['A?', 'B?', 'C?']);
  });

  it('needs a question to go on', () => {
    const run = atQuestions();
    run.actor.send({ type: 'NEXT' });
    expect(run.state()).toBe('questions');
    expect(run.ctx().messages).toEqual([{ key: 'questions_required' }]);
    addQuestion(run, 'A?');
    run.actor.send({ type: 'NEXT' });
    expect(run.state()).toBe('review');
  });

  it('back to step 2 resets the number lists: accepted numbers return to the text box', () => {
    const run = atQuestions();
    run.actor.send({ type: 'BACK' });
    expect(run.state()).toBe('audience');
    expect(run.ctx().recipients).toEqual([]);
    expect(run.ctx().numbersText).toBe('+14155550101, +14155550102');
    run.actor.send({ type: 'NEXT' });
    expect(run.ctx().recipients).toEqual(['+14155550101', '+14155550102']);
  });
});

describe('step 4: publish', () => {
  const atReview = (publish?: (draft: TargetedDraft) => Promise<{ formId: number }>) => {
    const run = publish ? start(publish) : start();
    run.actor.send({ type: 'SET_NAME', value: 'Water survey' });
    run.actor.send({ type: 'SET_DESCRIPTION', value: 'About water' });
    run.actor.send({ type: 'NEXT' });
    run.actor.send({ type: 'SET_COUNTRY', value: 'US' });
    run.actor.send({ type: 'SET_NUMBERS', value: '4155550101, 4155550102, 4155550103' });
    run.actor.send({ type: 'NEXT' });
    addQuestion(run, 'A?');
    addQuestion(run, 'B?');
    run.actor.send({ type: 'NEXT' });
    return run;
  };

  it('counts questions × recipients and toggles review and hide responders', () => {
    const run = atReview();
    expect(totalMessages(run.ctx())).toBe(6);
    expect(run.ctx()).toMatchObject({ requireApproval: true, hideAuthor: false });
    run.actor.send({ type: 'TOGGLE_REVIEW' });
    run.actor.send({ type: 'TOGGLE_HIDE_AUTHOR' });
    expect(run.ctx()).toMatchObject({ requireApproval: false, hideAuthor: true });
    run.actor.send({ type: 'BACK' });
    expect(run.state()).toBe('questions');
  });

  it('asks for confirmation; cancel publishes nothing', () => {
    const run = atReview();
    run.actor.send({ type: 'PUBLISH' });
    expect(run.state()).toBe('confirming');
    run.actor.send({ type: 'CANCEL' });
    expect(run.state()).toBe('review');
    expect(run.spy).not.toHaveBeenCalled();
  });

  it('publishes the draft after confirmation', async () => {
    const run = atReview();
    run.actor.send({ type: 'PUBLISH' });
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('published'));
    expect(run.ctx().formId).toBe(9);
    expect(run.spy.mock.calls[0]![0]).toMatchObject({
      name: 'Water survey',
      country: 'US',
      recipients: ['+14155550101', '+14155550102', '+14155550103'],
      questions: [
        { label: 'A?', priority: 1 },
        { label: 'B?', priority: 2 },
      ],
    });
  });

  it('a failure comes back to step 4 with the server’s messages', async () => {
    const run = atReview(() => Promise.reject(new ApiError(422, [{ status: 422, message: 'The form already has a set of contacts' }])));
    run.actor.send({ type: 'PUBLISH' });
    run.actor.send({ type: 'CONFIRM' });
    await waitFor(run.actor, (s) => s.matches('review') && s.context.publishError !== null);
    expect(run.ctx().publishError).toEqual(['The form already has a set of contacts']);
  });
});

describe('publishTargetedSurvey', () => {
  it('saves the survey, the stage, each field, then the contacts, in that order', async () => {
    const calls: string[] = [];
    const result: FormContactsResult = { form_id: 5, count: 2, invalidated_contacts: [] };
    const gateway: TargetedGateway = {
      createForm: async (body) => (calls.push(`form ${JSON.stringify(body)}`), { id: 5 }),
      createStage: async (formId, body) => (calls.push(`stage ${formId} ${body.label} ${body.priority}`), { id: 7 }),
      createAttribute: async (formId, body) => (
        calls.push(`field ${formId} ${body.form_stage_id} ${body.type} ${body.label} ${body.priority}`),
        { id: 1 }
      ),
      addContacts: async (formId, body) => (calls.push(`contacts ${formId} ${body.contacts} ${body.country_code}`), result),
    };
    const out = await publishTargetedSurvey(
      {
        name: ' Water ',
        description: 'About water',
        country: 'US',
        numbersText: '',
        recipients: ['+14155550101', '+14155550102'],
        questions: [
          { id: 'q2', label: 'B?', priority: 1 },
          { id: 'q1', label: 'A?', priority: 2 },
        ],
        requireApproval: false,
        hideAuthor: true,
      },
      gateway,
    );
    expect(out).toEqual({ formId: 5, result });
    expect(calls).toEqual([
      `form ${JSON.stringify({
        name: 'Water',
        description: 'About water',
        color: null,
        require_approval: false,
        everyone_can_create: false,
        hide_author: true,
        hide_location: false,
        hide_time: false,
        targeted_survey: true,
      })}`,
      'stage 5 Post 0',
      'field 5 7 title Title 1',
      'field 5 7 description Description 2',
      'field 5 7 varchar B? 1',
      'field 5 7 varchar A? 2',
      'contacts 5 +14155550101,+14155550102 US',
    ]);
  });

  it('stops at the first failure and reads the refused numbers of error_contacts', async () => {
    const refused = new ApiError(422, [
      { status: 422, message: 'Failed to validate form_contacts entity' },
      { status: 422, title: 'error_contacts', message: 'Some of the numbers…', source: { pointer: '12345' } },
    ]);
    const addContacts = vi.fn(() => Promise.reject(refused));
    const gateway: TargetedGateway = {
      createForm: () => Promise.resolve({ id: 5 }),
      createStage: () => Promise.reject(new Error('stage failed')),
      createAttribute: vi.fn(),
      addContacts,
    };
    const draft = {
      name: 'W',
      description: 'd',
      country: 'US',
      numbersText: '',
      recipients: ['+14155550101'],
      questions: [],
      requireApproval: true,
      hideAuthor: false,
    };
    await expect(publishTargetedSurvey(draft, gateway)).rejects.toThrow('stage failed');
    expect(gateway.createAttribute).not.toHaveBeenCalled();
    expect(addContacts).not.toHaveBeenCalled();
    expect(refusedNumbers(refused)).toEqual(['12345']);
    expect(refusedNumbers(new Error('x'))).toEqual([]);
  });
});
