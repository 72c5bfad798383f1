import { attributeProblems, CreateAttributeBody, CreateStageBody, FormNameField } from '@platform/shared';
import type { DraftField, DraftId, DraftSurvey } from './survey-draft';

/**
 * What stops a survey from being saved, checked with the same shared rules the server applies:
 * the survey name, task labels, field labels and the field rules (repeated choices, private or
 * optional built-ins, private categories, uploads with options or defaults). Messages are the
 * shared schemas' texts; `surveyMessageKey` turns them into the builder's wording.
 */
export type SaveProblem =
  | { scope: 'survey'; field: 'name'; message: string }
  | { scope: 'task'; taskId: DraftId; field: 'label'; message: string }
  | { scope: 'field'; taskId: DraftId; fieldId: DraftId; field: string; message: string };

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const FieldLabel = CreateAttributeBody.out.shape.label;
const TaskLabel = CreateStageBody.shape.label;

/** Problems of one field, each with the field name it belongs to. */
export function fieldProblems(
  field: Pick<DraftField, 'label' | 'type' | 'input' | 'required' | 'default' | 'options' | 'response_private'>,
) {
  const problems: Array<{ field: string; message: string }> = [];
  const label = firstMessage(FieldLabel.safeParse(field.label));
  if (label) problems.push({ field: 'label', message: label });
  const options = field.options.map((o) => (typeof o === 'string' ? o.trim() : o));
  problems.push(...attributeProblems({ ...field, options }));
  return problems;
}

export function saveProblems(survey: DraftSurvey): SaveProblem[] {
  const problems: SaveProblem[] = [];
  const name = firstMessage(FormNameField.safeParse(survey.name));
  if (name) problems.push({ scope: 'survey', field: 'name', message: name });
  for (const task of survey.tasks) {
    const label = firstMessage(TaskLabel.safeParse(task.label));
    if (label) problems.push({ scope: 'task', taskId: task.id, field: 'label', message: label });
    for (const field of task.fields) {
      for (const p of fieldProblems(field)) problems.push({ scope: 'field', taskId: task.id, fieldId: field.id, ...p });
    }
  }
  return problems;
}
