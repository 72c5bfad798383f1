import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { blankField, type DraftSurvey } from './survey-draft';
import { createEditorState, editorReducer, loadEditorState, type EditorAction, type EditorState } from './survey-editor.reducer';
import { saveSurvey, type SurveyGateway } from './survey-save';

const LABELS = { post: 'Post', title: 'Title', description: 'Description', task: 'Task' };
const ADMIN = 1;

type Call = [string, ...unknown[]];

/** Records every call in order and hands out ids like the server would. */
function recorder(options: { failOn?: string } = {}) {
  const calls: Call[] = [];
  let nextId = 100;
  const record = async <T>(name: string, args: unknown[], result: T): Promise<T> => {
    calls.push([name, ...args]);
    if (options.failOn === name) throw new ApiError(422, [{ status: 422, message: `${name} refused` }]);
    return result;
  };
  const gateway: SurveyGateway = {
    createForm: (body) => record('createForm', [body], { id: 41 }),
    updateForm: (id, body) => record('updateForm', [id, body], {}),
    createStage: (formId, body) => record('createStage', [formId, body], { id: nextId++ }),
    updateStage: (formId, id, body) => record('updateStage', [formId, id, body], {}),
    replaceRoles: (formId, roles) => record('replaceRoles', [formId, roles], {}),
    createAttribute: (formId, body) => record('createAttribute', [formId, body], { id: nextId++, key: `key-${nextId}` }),
    updateAttribute: (formId, id, body) => record('updateAttribute', [formId, id, body], {}),
    deleteAttribute: (formId, id) => record('deleteAttribute', [formId, id], {}),
    deleteStage: (formId, id) => record('deleteStage', [formId, id], {}),
  };
  return { calls, gateway };
}

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

/** A saved survey: Post task 7 (title 70, description 71) and task 8 with field 80, task 9 with field 90. */
function savedSurvey(): DraftSurvey {
  const field = (id: number, type: string, input: string, label: string) => ({ ...blankField(id, type, input, label), key: `k${id}` });
  return {
    id: 5,
    name: 'Floods',
    description: 'Water levels',
    color: '#aa0000',
    require_approval: true,
    everyone_can_create: true,
    hide_author: false,
    hide_location: false,
    hide_time: false,
    roleIds: [],
    tasks: [
      {
        id: 7,
        label: 'Post',
        description: null,
        type: 'post',
        required: false,
        show_when_published: true,
        task_is_internal_only: false,
        fields: [field(70, 'title', 'text', 'Title'), field(71, 'description', 'text', 'Description')],
      },
      { ...emptyTask(8, 'Review'), fields: [field(80, 'varchar', 'text', 'Notes')] },
      { ...emptyTask(9, 'Follow up'), fields: [field(90, 'int', 'number', 'People')] },
    ],
  };
}
function emptyTask(id: number, label: string) {
  return { id, label, description: null, type: 'task' as const, required: false, show_when_published: false, task_is_internal_only: true };
}

describe('saveSurvey: a new survey', () => {
  it('creates the survey, then its tasks and roles, then every field with its task id; interim ids never travel', async () => {
    let state = createEditorState(LABELS);
    state = run(
      state,
      { type: 'setDetails', changes: { name: 'Roads' } },
      { type: 'addTask', label: 'Verify' },
      { type: 'setEveryoneCanCreate', value: false },
      { type: 'toggleRole', roleId: 3, checked: true },
    );
    const verify = state.survey.tasks[1]!.id;
    state = run(state, {
      type: 'addField',
      taskId: verify,
      field: { ...blankField('x', 'varchar', 'select', 'Kind'), options: ['a', ' b '] },
    });

    const { calls, gateway } = recorder();
    const steps: unknown[] = [];
    const id = await saveSurvey(state, gateway, ADMIN, (s) => steps.push(s));

    expect(id).toBe(41);
    expect(calls.map((c) => c[0])).toEqual([
      'createForm',
      'createStage',
      'createStage',
      'replaceRoles',
      'createAttribute',
      'createAttribute',
      'createAttribute',
    ]);
    expect(calls[0]![1]).toMatchObject({ name: 'Roads', require_approval: true, everyone_can_create: false });
    expect(calls[1]).toEqual([
      'createStage',
      41,
      expect.objectContaining({ label: 'Post', type: 'post', priority: 0, show_when_published: true }),
    ]);
    expect(calls[2]).toEqual([
      'createStage',
      41,
      expect.objectContaining({
        label: 'Verify',
        type: 'task',
        priority: 1,
        required: false,
        task_is_internal_only: true,
        show_when_published: false,
      }),
    ]);
    // Admin is always added to a restricted survey.
    expect(calls[3]).toEqual(['replaceRoles', 41, [3, ADMIN]]);
    // Title and description go to the Post task (id 100), the select to Verify (101).
    expect(calls[4]).toEqual([
      'createAttribute',
      41,
      expect.objectContaining({ type: 'title', required: true, priority: 1, form_stage_id: 100 }),
    ]);
    expect(calls[5]).toEqual(['createAttribute', 41, expect.objectContaining({ type: 'description', priority: 2, form_stage_id: 100 })]);
    expect(calls[6]).toEqual(['createAttribute', 41, expect.objectContaining({ label: 'Kind', options: ['a', 'b'], form_stage_id: 101 })]);
    for (const call of calls) expect(JSON.stringify(call)).not.toMatch(/interim-/);
    for (const call of calls.filter((c) => c[0] === 'createAttribute')) expect(call[2]).not.toHaveProperty('id');
    expect(steps[0]).toEqual({ kind: 'form', id: 41 });
  });

  it('sends no roles while everyone may post', async () => {
    const { calls, gateway } = recorder();
    await saveSurvey(run(createEditorState(LABELS), { type: 'setDetails', changes: { name: 'Open' } }), gateway, ADMIN);
    expect(calls.find((c) => c[0] === 'replaceRoles')).toEqual(['replaceRoles', 41, []]);
  });
});

describe('saveSurvey: an existing survey', () => {
  it('updates in place, creates what is new, then deletes removed fields and tasks (not the fields of a removed task)', async () => {
    let state = loadEditorState(savedSurvey(), LABELS);
    state = run(
      state,
      { type: 'moveTask', taskId: 9, offset: -1 },
      { type: 'removeField', taskId: 9, fieldId: 90 },
      { type: 'removeField', taskId: 8, fieldId: 80 },
      { type: 'removeTask', taskId: 8 },
      { type: 'addField', taskId: 9, field: blankField('x', 'tags', 'tags', 'Topics') },
      { type: 'updateField', taskId: 9, fieldId: 'interim-0', changes: { options: [12, 'twelve', '13'] } },
    );
    const { calls, gateway } = recorder();
    await saveSurvey(state, gateway, ADMIN);
    expect(calls.map((c) => [c[0], c[1], c[2]].filter((v) => typeof v !== 'object'))).toEqual([
      ['updateForm', 5],
      ['updateStage', 5, 7],
      ['updateStage', 5, 9],
      ['replaceRoles', 5],
      ['updateAttribute', 5, 70],
      ['updateAttribute', 5, 71],
      ['createAttribute', 5],
      ['deleteAttribute', 5, 90],
      ['deleteStage', 5, 8],
    ]);
    // Task 9 moved up to second place.
    expect(calls[2]![3]).toMatchObject({ label: 'Follow up', priority: 1 });
    // Non-numeric category options are dropped.
    expect(calls[6]![2]).toMatchObject({ type: 'tags', options: [12, 13], form_stage_id: 9, priority: 1 });
  });

  it('stops at the first API error; what was stored is kept, so saving again does not create it twice', async () => {
    let state = createEditorState(LABELS);
    state = run(state, { type: 'setDetails', changes: { name: 'Partial' } });
    const first = recorder({ failOn: 'replaceRoles' });
    const steps: EditorAction[] = [];
    await expect(saveSurvey(state, first.gateway, ADMIN, (step) => steps.push({ type: 'saveProgress', step }))).rejects.toThrow(
      'replaceRoles refused',
    );
    expect(first.calls.map((c) => c[0])).toEqual(['createForm', 'createStage', 'replaceRoles']);

    state = run(state, ...steps);
    expect(state.survey.id).toBe(41);
    expect(state.survey.tasks[0]!.id).toBe(100);
    const second = recorder();
    await saveSurvey(state, second.gateway, ADMIN);
    expect(second.calls.map((c) => c[0])).toEqual(['updateForm', 'updateStage', 'replaceRoles', 'createAttribute', 'createAttribute']);
  });

  it('records created field ids and keys, and forgets deletions once done', async () => {
    let state = loadEditorState(savedSurvey(), LABELS);
    state = run(
      state,
      { type: 'removeField', taskId: 8, fieldId: 80 },
      { type: 'addField', taskId: 8, field: blankField('x', 'point', 'location', 'Where') },
    );
    const { gateway } = recorder();
    const steps: EditorAction[] = [];
    await saveSurvey(state, gateway, ADMIN, (step) => steps.push({ type: 'saveProgress', step }));
    state = run(state, ...steps, { type: 'saved' });
    const where = state.survey.tasks[1]!.fields[0]!;
    expect(where).toMatchObject({ id: 100, key: 'key-101', label: 'Where' });
    expect(state.removedFields).toEqual([]);
    expect(state.dirty).toBe(false);
  });
});
