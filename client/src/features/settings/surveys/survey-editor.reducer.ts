import {
  blankSurvey,
  isBuiltIn,
  isInterim,
  isPostTask,
  newTask,
  postTask,
  type DefaultLabels,
  type DraftField,
  type DraftId,
  type DraftSurvey,
  type DraftTask,
} from './survey-draft';

/**
 * The survey builder's state, kept out of React so it can be tested without a DOM. Everything
 * the builder does is an action here; the save itself is `saveSurvey` (survey-save.ts), which
 * reports each stored record back as a `saveProgress` action.
 */
export type EditorState = {
  survey: DraftSurvey;
  /** Saved tasks removed in the builder: deleted on save (their fields go with them). */
  removedTaskIds: number[];
  /** Saved fields removed in the builder, with the task they were in. */
  removedFields: Array<{ id: number; taskId: DraftId }>;
  dirty: boolean;
  nextInterim: number;
};

export type SurveyDetails = Pick<
  DraftSurvey,
  'name' | 'description' | 'color' | 'require_approval' | 'hide_author' | 'hide_location' | 'hide_time'
>;
export type TaskChanges = Partial<Pick<DraftTask, 'label' | 'description' | 'required' | 'show_when_published' | 'task_is_internal_only'>>;
export type FieldChanges = Partial<Omit<DraftField, 'id' | 'key' | 'type' | 'input'>>;

/** What the save reports as it goes, so a save that stops half way is not repeated from scratch. */
export type SaveStep =
  | { kind: 'form'; id: number }
  | { kind: 'task'; draftId: DraftId; id: number }
  | { kind: 'field'; draftId: DraftId; id: number; key: string }
  | { kind: 'fieldRemoved'; id: number }
  | { kind: 'taskRemoved'; id: number };

export type EditorAction =
  | { type: 'reset'; state: EditorState }
  | { type: 'setDetails'; changes: Partial<SurveyDetails> }
  | { type: 'setEveryoneCanCreate'; value: boolean }
  | { type: 'toggleRole'; roleId: number; checked: boolean }
  | { type: 'addTask'; label: string }
  | { type: 'updateTask'; taskId: DraftId; changes: TaskChanges }
  | { type: 'moveTask'; taskId: DraftId; offset: -1 | 1 }
  | { type: 'removeTask'; taskId: DraftId }
  | { type: 'addField'; taskId: DraftId; field: Omit<DraftField, 'id'> }
  | { type: 'updateField'; taskId: DraftId; fieldId: DraftId; changes: FieldChanges }
  | { type: 'moveField'; taskId: DraftId; fieldId: DraftId; offset: -1 | 1 }
  | { type: 'removeField'; taskId: DraftId; fieldId: DraftId }
  | { type: 'saveProgress'; step: SaveStep }
  | { type: 'saved' };

const interim = (n: number) => `interim-${n}`;

/** A new survey: one Post task with required Title and Description (spec 3 section 4). */
export function createEditorState(labels: DefaultLabels): EditorState {
  return {
    survey: { ...blankSurvey(), tasks: [postTask(interim(0), [interim(1), interim(2)], labels)] },
    removedTaskIds: [],
    removedFields: [],
    dirty: false,
    nextInterim: 3,
  };
}

/** A saved survey; one without a Post task (made through the API) gets one in front. */
export function loadEditorState(survey: DraftSurvey, labels: DefaultLabels): EditorState {
  if (survey.tasks.some(isPostTask)) return { survey, removedTaskIds: [], removedFields: [], dirty: false, nextInterim: 0 };
  const fields = survey.tasks.flatMap((t) => t.fields);
  const post = postTask(interim(0), [interim(1), interim(2)], labels);
  // Title and description exist once per survey: add only the ones it lacks.
  post.fields = post.fields.filter((f) => !fields.some((existing) => existing.type === f.type));
  return { survey: { ...survey, tasks: [post, ...survey.tasks] }, removedTaskIds: [], removedFields: [], dirty: false, nextInterim: 3 };
}

/**
 * A copy to save as a new survey: name, description and id cleared (dates and url are not kept
 * in the draft), tasks and fields get new interim ids and lose their keys (spec 3 section 4).
 */
export function duplicateEditorState(survey: DraftSurvey, labels: DefaultLabels): EditorState {
  const loaded = loadEditorState(survey, labels);
  let next = loaded.nextInterim;
  const tasks = loaded.survey.tasks.map((task) => ({
    ...task,
    id: interim(next++),
    fields: task.fields.map((field) => ({ ...field, id: interim(next++), key: null })),
  }));
  return {
    survey: { ...loaded.survey, id: null, name: '', description: '', tasks },
    removedTaskIds: [],
    removedFields: [],
    dirty: false,
    nextInterim: next,
  };
}

function move<T>(list: T[], index: number, offset: number, floor = 0): T[] {
  const target = index + offset;
  if (index < floor || target < floor || target >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item!);
  return copy;
}

function mapTask(state: EditorState, taskId: DraftId, change: (task: DraftTask) => DraftTask): EditorState {
  const tasks = state.survey.tasks.map((task) => (task.id === taskId ? change(task) : task));
  return { ...state, survey: { ...state.survey, tasks }, dirty: true };
}

/** Title and description stay required and public whatever the builder asks (spec 3 section 5). */
function guardBuiltIn(field: DraftField): DraftField {
  return isBuiltIn(field) ? { ...field, required: true, response_private: false } : field;
}

function replaceId<T extends { id: DraftId }>(items: T[], from: DraftId, to: number): T[] {
  return items.map((item) => (item.id === from ? { ...item, id: to } : item));
}

function applySaveStep(state: EditorState, step: SaveStep): EditorState {
  const survey = state.survey;
  switch (step.kind) {
    case 'form':
      return { ...state, survey: { ...survey, id: step.id } };
    case 'task':
      return {
        ...state,
        survey: { ...survey, tasks: replaceId(survey.tasks, step.draftId, step.id) },
        removedFields: state.removedFields.map((r) => (r.taskId === step.draftId ? { ...r, taskId: step.id } : r)),
      };
    case 'field': {
      const tasks = survey.tasks.map((task) => ({
        ...task,
        fields: task.fields.map((f) => (f.id === step.draftId ? { ...f, id: step.id, key: step.key } : f)),
      }));
      return { ...state, survey: { ...survey, tasks } };
    }
    case 'fieldRemoved':
      return { ...state, removedFields: state.removedFields.filter((r) => r.id !== step.id) };
    case 'taskRemoved':
      return {
        ...state,
        removedTaskIds: state.removedTaskIds.filter((id) => id !== step.id),
        removedFields: state.removedFields.filter((r) => r.taskId !== step.id),
      };
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const survey = state.survey;
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'setDetails':
      return { ...state, survey: { ...survey, ...action.changes }, dirty: true };
    case 'setEveryoneCanCreate':
      return { ...state, survey: { ...survey, everyone_can_create: action.value }, dirty: true };
    case 'toggleRole': {
      const others = survey.roleIds.filter((id) => id !== action.roleId);
      return { ...state, survey: { ...survey, roleIds: action.checked ? [...others, action.roleId] : others }, dirty: true };
    }
    case 'addTask': {
      const task = newTask(interim(state.nextInterim), action.label);
      return { ...state, survey: { ...survey, tasks: [...survey.tasks, task] }, nextInterim: state.nextInterim + 1, dirty: true };
    }
    case 'updateTask':
      // The Post task's rules are fixed: only its label and description change.
      return mapTask(state, action.taskId, (task) =>
        isPostTask(task)
          ? { ...task, ...(action.changes.label !== undefined ? { label: action.changes.label } : {}) }
          : { ...task, ...action.changes },
      );
    case 'moveTask': {
      const index = survey.tasks.findIndex((t) => t.id === action.taskId);
      const task = survey.tasks[index];
      if (!task || isPostTask(task)) return state;
      // The Post task stays first.
      const tasks = move(survey.tasks, index, action.offset, 1);
      return tasks === survey.tasks ? state : { ...state, survey: { ...survey, tasks }, dirty: true };
    }
    case 'removeTask': {
      const task = survey.tasks.find((t) => t.id === action.taskId);
      if (!task || isPostTask(task)) return state;
      return {
        ...state,
        survey: { ...survey, tasks: survey.tasks.filter((t) => t.id !== action.taskId) },
        removedTaskIds: isInterim(task.id) ? state.removedTaskIds : [...state.removedTaskIds, task.id],
        dirty: true,
      };
    }
    case 'addField': {
      const field = guardBuiltIn({ ...action.field, id: interim(state.nextInterim) });
      return {
        ...mapTask(state, action.taskId, (task) => ({ ...task, fields: [...task.fields, field] })),
        nextInterim: state.nextInterim + 1,
      };
    }
    case 'updateField':
      return mapTask(state, action.taskId, (task) => ({
        ...task,
        fields: task.fields.map((f) => (f.id === action.fieldId ? guardBuiltIn({ ...f, ...action.changes }) : f)),
      }));
    case 'moveField':
      return mapTask(state, action.taskId, (task) => {
        const index = task.fields.findIndex((f) => f.id === action.fieldId);
        return { ...task, fields: move(task.fields, index, action.offset) };
      });
    case 'removeField': {
      const task = survey.tasks.find((t) => t.id === action.taskId);
      const field = task?.fields.find((f) => f.id === action.fieldId);
      if (!task || !field || isBuiltIn(field)) return state;
      const next = mapTask(state, action.taskId, (t) => ({ ...t, fields: t.fields.filter((f) => f.id !== action.fieldId) }));
      return isInterim(field.id) ? next : { ...next, removedFields: [...state.removedFields, { id: field.id, taskId: task.id }] };
    }
    case 'saveProgress':
      return applySaveStep(state, action.step);
    case 'saved':
      return { ...state, dirty: false };
  }
}
