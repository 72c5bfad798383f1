import { tagOptionIds } from '@platform/shared';
import type { ApiClient } from '../../../api/client';
import * as forms from '../../../api/endpoints/forms';
import type { AttributeBody, FormBody, StageBody } from '../../../api/endpoints/forms';
import type { EditorState, SaveStep } from './survey-editor.reducer';
import { hasChoices, isInterim, takesDefault, type DraftField, type DraftSurvey, type DraftTask } from './survey-draft';

/** The calls a save makes; the API client in the app, a recorder in tests. */
export type SurveyGateway = {
  createForm(body: FormBody): Promise<{ id: number }>;
  updateForm(id: number, body: FormBody): Promise<unknown>;
  createStage(formId: number, body: StageBody): Promise<{ id: number }>;
  updateStage(formId: number, id: number, body: StageBody): Promise<unknown>;
  replaceRoles(formId: number, roleIds: number[]): Promise<unknown>;
  createAttribute(formId: number, body: AttributeBody): Promise<{ id: number; key: string }>;
  updateAttribute(formId: number, id: number, body: AttributeBody): Promise<unknown>;
  deleteAttribute(formId: number, id: number): Promise<unknown>;
  deleteStage(formId: number, id: number): Promise<unknown>;
};

export function apiSurveyGateway(api: ApiClient): SurveyGateway {
  return {
    createForm: (body) => forms.createForm(api, body),
    updateForm: (id, body) => forms.updateForm(api, id, body),
    createStage: (formId, body) => forms.createStage(api, formId, body),
    updateStage: (formId, id, body) => forms.updateStage(api, formId, id, body),
    replaceRoles: (formId, roles) => forms.replaceFormRoles(api, formId, roles),
    createAttribute: (formId, body) => forms.createAttribute(api, formId, body),
    updateAttribute: (formId, id, body) => forms.updateAttribute(api, formId, id, body),
    deleteAttribute: (formId, id) => forms.deleteAttribute(api, formId, id),
    deleteStage: (formId, id) => forms.deleteStage(api, formId, id),
  };
}

const blankToNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

export function formBody(survey: DraftSurvey): FormBody {
  return {
    name: survey.name.trim(),
    description: blankToNull(survey.description),
    color: survey.color,
    require_approval: survey.require_approval,
    everyone_can_create: survey.everyone_can_create,
    hide_author: survey.hide_author,
    hide_location: survey.hide_location,
    hide_time: survey.hide_time,
  };
}

/** The Post task is priority 0 and the others follow in their order. */
export function stageBody(task: DraftTask, index: number): StageBody {
  return {
    label: task.label.trim(),
    description: task.description,
    priority: index,
    type: task.type,
    required: task.required,
    show_when_published: task.show_when_published,
    task_is_internal_only: task.task_is_internal_only,
  };
}

/** Choices are trimmed and blanks dropped; category options keep only numeric ids (spec 3 section 5). */
function optionsToSend(field: DraftField): unknown[] {
  if (field.type === 'tags') return tagOptionIds(field.options);
  if (hasChoices(field)) return field.options.map((o) => (typeof o === 'string' ? o.trim() : o)).filter((o) => o !== '');
  return field.type === 'media' ? [] : field.options;
}

export function attributeBody(field: DraftField, index: number, stageId: number): AttributeBody {
  return {
    label: field.label.trim(),
    instructions: blankToNull(field.instructions),
    type: field.type,
    input: field.input,
    required: field.required,
    default: takesDefault(field) ? blankToNull(field.default) : null,
    priority: index + 1,
    options: optionsToSend(field),
    cardinality: field.cardinality,
    config: field.config,
    response_private: field.response_private,
    form_stage_id: stageId,
  };
}

/** Who may post: nobody listed when everyone may; otherwise the chosen roles and always admin (spec 3 section 5). */
export function rolesToSend(survey: DraftSurvey, adminRoleId: number | null): number[] {
  if (survey.everyone_can_create) return [];
  const ids = adminRoleId === null ? survey.roleIds : [...survey.roleIds, adminRoleId];
  return [...new Set(ids)];
}

/**
 * Saves in the order of spec 3 section 4: the survey (POST or PUT /forms), then its tasks and the
 * allowed roles, then every field with its task's id, then removed fields and removed tasks. Interim
 * ids are never sent: an interim task or field is created and its new id reported through
 * `onStep`, so a save that fails half way (the first API error stops it) is resumed, not repeated.
 * Returns the survey id.
 */
export async function saveSurvey(
  state: EditorState,
  gateway: SurveyGateway,
  adminRoleId: number | null,
  onStep: (step: SaveStep) => void = () => undefined,
): Promise<number> {
  const { survey } = state;
  const body = formBody(survey);
  let formId = survey.id;
  if (formId === null) {
    formId = (await gateway.createForm(body)).id;
    onStep({ kind: 'form', id: formId });
  } else {
    await gateway.updateForm(formId, body);
  }

  const stageIds = new Map<DraftTask['id'], number>();
  for (const [index, task] of survey.tasks.entries()) {
    if (isInterim(task.id)) {
      const id = (await gateway.createStage(formId, stageBody(task, index))).id;
      stageIds.set(task.id, id);
      onStep({ kind: 'task', draftId: task.id, id });
    } else {
      await gateway.updateStage(formId, task.id, stageBody(task, index));
      stageIds.set(task.id, task.id);
    }
  }
  await gateway.replaceRoles(formId, rolesToSend(survey, adminRoleId));

  for (const task of survey.tasks) {
    const stageId = stageIds.get(task.id)!;
    for (const [index, field] of task.fields.entries()) {
      const fieldBody = attributeBody(field, index, stageId);
      if (isInterim(field.id)) {
        const created = await gateway.createAttribute(formId, fieldBody);
        onStep({ kind: 'field', draftId: field.id, id: created.id, key: created.key });
      } else {
        await gateway.updateAttribute(formId, field.id, fieldBody);
      }
    }
  }

  // Fields of a removed task go with it: only the others are deleted one by one.
  for (const removed of state.removedFields) {
    if (typeof removed.taskId === 'number' && state.removedTaskIds.includes(removed.taskId)) continue;
    await gateway.deleteAttribute(formId, removed.id);
    onStep({ kind: 'fieldRemoved', id: removed.id });
  }
  for (const id of state.removedTaskIds) {
    await gateway.deleteStage(formId, id);
    onStep({ kind: 'taskRemoved', id });
  }
  return formId;
}
