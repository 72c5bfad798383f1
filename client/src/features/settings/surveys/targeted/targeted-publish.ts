import { ERROR_CONTACTS, type FormContactsResult } from '@platform/shared';
import type { ApiClient } from '../../../../api/client';
import { isApiError } from '../../../../api/errors';
import * as forms from '../../../../api/endpoints/forms';
import type { AttributeBody, FormBody, StageBody } from '../../../../api/endpoints/forms';
import type { TargetedDraft } from './targeted.machine';

export type TargetedFormBody = FormBody & { targeted_survey: true };
export type ContactsBody = { contacts: string; country_code: string };

/** The calls a publish makes; the API client in the app, a recorder in tests. */
export type TargetedGateway = {
  createForm(body: TargetedFormBody): Promise<{ id: number }>;
  createStage(formId: number, body: StageBody): Promise<{ id: number }>;
  createAttribute(formId: number, body: AttributeBody): Promise<{ id: number }>;
  addContacts(formId: number, body: ContactsBody): Promise<FormContactsResult>;
};

export function apiTargetedGateway(api: ApiClient): TargetedGateway {
  return {
    createForm: (body) => forms.createForm(api, body),
    createStage: (formId, body) => forms.createStage(api, formId, body),
    createAttribute: (formId, body) => forms.createAttribute(api, formId, body),
    addContacts: (formId, body) => forms.addFormContacts(api, formId, body),
  };
}

const field = (label: string, type: string, priority: number, stageId: number): AttributeBody => ({
  label,
  instructions: null,
  type,
  input: 'text',
  required: true,
  default: null,
  priority,
  options: [],
  cardinality: 0,
  config: {},
  response_private: false,
  form_stage_id: stageId,
});

/**
 * Publishes in the order of spec 3 section 4: the survey (targeted, only admins post), its Post
 * stage, each field (the built-in Title and Description, then the questions in their order), then
 * the contacts, which the server answers by sending the first question. The first failure stops it.
 */
export async function publishTargetedSurvey(
  draft: TargetedDraft,
  gateway: TargetedGateway,
): Promise<{ formId: number; result: FormContactsResult }> {
  const { id: formId } = await gateway.createForm({
    name: draft.name.trim(),
    description: draft.description.trim(),
    color: null,
    require_approval: draft.requireApproval,
    everyone_can_create: false,
    hide_author: draft.hideAuthor,
    hide_location: false,
    hide_time: false,
    targeted_survey: true,
  });
  const { id: stageId } = await gateway.createStage(formId, {
    label: 'Post',
    description: null,
    priority: 0,
    type: 'post',
    required: false,
    show_when_published: true,
    task_is_internal_only: false,
  });
  await gateway.createAttribute(formId, field('Title', 'title', 1, stageId));
  await gateway.createAttribute(formId, field('Description', 'description', 2, stageId));
  for (const question of draft.questions)
    await gateway.createAttribute(formId, field(question.label, 'varchar', question.priority, stageId));
  const result = await gateway.addContacts(formId, { contacts: draft.recipients.join(','), country_code: draft.country ?? '' });
  return { formId, result };
}

/** The numbers the server refused (`error_contacts`, each its source pointer). */
export function refusedNumbers(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.entries.flatMap((e) => (e.title === ERROR_CONTACTS && e.source?.pointer ? [e.source.pointer] : []));
}
