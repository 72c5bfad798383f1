import { AttributeMessages, FormMessages } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { blankField, type DraftSurvey } from './survey-draft';
import {
  createEditorState,
  duplicateEditorState,
  editorReducer,
  loadEditorState,
  type EditorAction,
  type EditorState,
} from './survey-editor.reducer';
import { saveProblems } from './survey-problems';

const LABELS = { post: 'Post', title: 'Title', description: 'Description', task: 'Task' };
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

function saved(): DraftSurvey {
  const state = createEditorState(LABELS);
  return {
    ...state.survey,
    id: 5,
    name: 'Floods',
    description: 'Water levels',
    roleIds: [2],
    everyone_can_create: false,
    tasks: [
      { ...state.survey.tasks[0]!, id: 7, fields: state.survey.tasks[0]!.fields.map((f, i) => ({ ...f, id: 70 + i, key: `k${i}` })) },
      {
        id: 8,
        label: 'Review',
        description: null,
        type: 'task',
        required: true,
        show_when_published: false,
        task_is_internal_only: true,
        fields: [{ ...blankField(80, 'varchar', 'radio', 'Severity'), key: 'k80', options: ['low', 'high'] }],
      },
    ],
  };
}

describe('a new survey', () => {
  it('starts with one Post task holding required Title and Description, with interim ids', () => {
    const { survey, dirty } = createEditorState(LABELS);
    expect(dirty).toBe(false);
    expect(survey).toMatchObject({ id: null, require_approval: true, everyone_can_create: true });
    expect(survey.tasks).toHaveLength(1);
    const [post] = survey.tasks;
    expect(post).toMatchObject({ type: 'post', label: 'Post', required: false, show_when_published: true, task_is_internal_only: false });
    expect(post!.fields.map((f) => [f.type, f.label, f.required, typeof f.id])).toEqual([
      ['title', 'Title', true, 'string'],
      ['description', 'Description', true, 'string'],
    ]);
  });

  it('adds tasks as not required, internal only and hidden once published', () => {
    const state = run(createEditorState(LABELS), { type: 'addTask', label: 'Verify' });
    expect(state.survey.tasks[1]).toMatchObject({
      label: 'Verify',
      type: 'task',
      required: false,
      task_is_internal_only: true,
      show_when_published: false,
    });
    expect(state.dirty).toBe(true);
  });
});

describe('built-in Title and Description', () => {
  const start = () => createEditorState(LABELS);
  const titleOf = (s: EditorState) => s.survey.tasks[0]!.fields[0]!;

  it('cannot be deleted', () => {
    const state = start();
    const next = run(state, { type: 'removeField', taskId: state.survey.tasks[0]!.id, fieldId: titleOf(state).id });
    expect(next.survey.tasks[0]!.fields).toHaveLength(2);
  });

  it('cannot be made optional or private, but can be relabelled', () => {
    const state = start();
    const next = run(state, {
      type: 'updateField',
      taskId: state.survey.tasks[0]!.id,
      fieldId: titleOf(state).id,
      changes: { required: false, response_private: true, label: 'Headline' },
    });
    expect(titleOf(next)).toMatchObject({ label: 'Headline', required: true, response_private: false });
  });

  it('the Post task cannot be removed, moved or hidden', () => {
    let state = run(start(), { type: 'addTask', label: 'Verify' });
    const post = state.survey.tasks[0]!.id;
    state = run(
      state,
      { type: 'removeTask', taskId: post },
      { type: 'moveTask', taskId: post, offset: 1 },
      { type: 'moveTask', taskId: state.survey.tasks[1]!.id, offset: -1 },
      { type: 'updateTask', taskId: post, changes: { show_when_published: false, task_is_internal_only: true } },
    );
    expect(state.survey.tasks.map((t) => t.type)).toEqual(['post', 'task']);
    expect(state.survey.tasks[0]).toMatchObject({ show_when_published: true, task_is_internal_only: false });
  });
});

describe('reordering', () => {
  it('moves fields and tasks up and down and stops at the ends', () => {
    let state = loadEditorState(saved(), LABELS);
    state = run(state, { type: 'addTask', label: 'Third' }, { type: 'moveTask', taskId: 'interim-0', offset: -1 });
    expect(state.survey.tasks.map((t) => t.label)).toEqual(['Post', 'Third', 'Review']);
    state = run(state, { type: 'moveTask', taskId: 8, offset: 1 });
    expect(state.survey.tasks.map((t) => t.label)).toEqual(['Post', 'Third', 'Review']);
    state = run(state, { type: 'moveField', taskId: 7, fieldId: 71, offset: -1 });
    expect(state.survey.tasks[0]!.fields.map((f) => f.id)).toEqual([71, 70]);
    state = run(state, { type: 'moveField', taskId: 7, fieldId: 71, offset: -1 });
    expect(state.survey.tasks[0]!.fields.map((f) => f.id)).toEqual([71, 70]);
  });
});

describe('duplicate', () => {
  it('clears name, description and id and gives every task and field a new interim id without its key', () => {
    const source = saved();
    const copy = duplicateEditorState(source, LABELS);
    expect(copy.survey).toMatchObject({ id: null, name: '', description: '', roleIds: [2], everyone_can_create: false });
    const ids = copy.survey.tasks.flatMap((t) => [t.id, ...t.fields.map((f) => f.id)]);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(copy.survey.tasks.flatMap((t) => t.fields.map((f) => f.key))).toEqual([null, null, null]);
    // Everything else is kept.
    expect(copy.survey.tasks[1]).toMatchObject({ label: 'Review', required: true });
    expect(copy.survey.tasks[1]!.fields[0]).toMatchObject({ label: 'Severity', options: ['low', 'high'] });
    expect(copy.removedFields).toEqual([]);
    // The source is untouched.
    expect(source.tasks[0]!.id).toBe(7);
  });

  it('interim ids of a duplicate do not collide with fields added afterwards', () => {
    const copy = duplicateEditorState(saved(), LABELS);
    const next = run(copy, { type: 'addField', taskId: copy.survey.tasks[1]!.id, field: blankField('x', 'varchar', 'text', 'More') });
    const ids = next.survey.tasks.flatMap((t) => t.fields.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('save problems', () => {
  it('needs a survey name', () => {
    expect(saveProblems(createEditorState(LABELS).survey)).toEqual([
      { scope: 'survey', field: 'name', message: FormMessages.nameRequired },
    ]);
    const short = run(createEditorState(LABELS), { type: 'setDetails', changes: { name: 'A' } });
    expect(saveProblems(short.survey)[0]!.message).toBe(FormMessages.nameTooShort);
  });

  it('blocks repeated options of select, radio and checkbox fields', () => {
    let state = loadEditorState(saved(), LABELS);
    expect(saveProblems(state.survey)).toEqual([]);
    state = run(state, { type: 'updateField', taskId: 8, fieldId: 80, changes: { options: ['low', 'high', 'low '] } });
    expect(saveProblems(state.survey)).toEqual([
      { scope: 'field', taskId: 8, fieldId: 80, field: 'options', message: AttributeMessages.duplicateOption },
    ]);
  });

  it('needs field labels and task labels', () => {
    let state = loadEditorState(saved(), LABELS);
    state = run(
      state,
      { type: 'updateField', taskId: 8, fieldId: 80, changes: { label: ' ' } },
      { type: 'updateTask', taskId: 8, changes: { label: '' } },
    );
    expect(saveProblems(state.survey).map((p) => [p.scope, p.field, p.message])).toEqual([
      ['task', 'label', 'label must not be empty'],
      ['field', 'label', AttributeMessages.labelRequired],
    ]);
  });
});

describe('a survey without a Post task', () => {
  it('gets one in front, with only the built-ins it lacks', () => {
    const source = saved();
    const withoutPost = { ...source, tasks: [{ ...source.tasks[1]!, fields: [{ ...source.tasks[0]!.fields[0]!, id: 99 }] }] };
    const state = loadEditorState(withoutPost, LABELS);
    expect(state.survey.tasks.map((t) => t.type)).toEqual(['post', 'task']);
    expect(state.survey.tasks[0]!.fields.map((f) => f.type)).toEqual(['description']);
  });
});
