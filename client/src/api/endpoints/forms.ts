import {
  AttributeSchema,
  FormRoleSchema,
  FormContactsResultSchema,
  FormSchema,
  listEnvelope,
  StageSchema,
  type Attribute,
  type Form,
  type FormContactsResult,
  type Stage,
} from '@platform/shared';
import type { ApiClient } from '../client';

const FormList = listEnvelope(FormSchema);
const StageList = listEnvelope(StageSchema);
const AttributeList = listEnvelope(AttributeSchema);
const FormRoleList = listEnvelope(FormRoleSchema);

/** Bodies as the survey builder sends them (API-CONTRACT 7.1-7.3); the server's zod schemas check them. */
export type FormBody = {
  name: string;
  description: string | null;
  color: string | null;
  require_approval: boolean;
  everyone_can_create: boolean;
  hide_author: boolean;
  hide_location: boolean;
  hide_time: boolean;
};
export type StageBody = {
  label: string;
  description: string | null;
  priority: number;
  type: 'post' | 'task';
  required: boolean;
  show_when_published: boolean;
  task_is_internal_only: boolean;
};
export type AttributeBody = {
  label: string;
  instructions: string | null;
  type: string;
  input: string;
  required: boolean;
  default: string | null;
  priority: number;
  options: unknown[];
  cardinality: number;
  config: Record<string, unknown>;
  response_private: boolean;
  form_stage_id: number;
};

/** `POST /forms/{id}/contacts` (API-CONTRACT 7.6): sends a targeted survey to its numbers. */
export const addFormContacts = (
  api: ApiClient,
  formId: number,
  body: { contacts: string; country_code: string },
): Promise<FormContactsResult> => api.post(`/forms/${formId}/contacts`, FormContactsResultSchema, { body });

export const listForms = async (api: ApiClient): Promise<Form[]> => (await api.get('/forms', FormList)).results;
export const getForm = (api: ApiClient, id: number): Promise<Form> => api.get(`/forms/${id}`, FormSchema);
export const createForm = (api: ApiClient, body: FormBody): Promise<Form> => api.post('/forms', FormSchema, { body });
export const updateForm = (api: ApiClient, id: number, body: FormBody): Promise<Form> => api.put(`/forms/${id}`, FormSchema, { body });
export const deleteForm = (api: ApiClient, id: number): Promise<Form> => api.delete(`/forms/${id}`, FormSchema);

/** Every task of a survey; editors see hidden and internal tasks too (API-CONTRACT 7.2). */
export const listStages = async (api: ApiClient, formId: number): Promise<Stage[]> =>
  (await api.get(`/forms/${formId}/stages`, StageList, { query: { order: 'asc', orderby: 'priority' } })).results;
export const createStage = (api: ApiClient, formId: number, body: StageBody): Promise<Stage> =>
  api.post(`/forms/${formId}/stages`, StageSchema, { body });
export const updateStage = (api: ApiClient, formId: number, id: number, body: StageBody): Promise<Stage> =>
  api.put(`/forms/${formId}/stages/${id}`, StageSchema, { body });
export const deleteStage = (api: ApiClient, formId: number, id: number): Promise<Stage> =>
  api.delete(`/forms/${formId}/stages/${id}`, StageSchema);

/** Fields ordered the way the legacy client asks for them (API-CONTRACT 7.3, 15). */
export const listAttributes = async (api: ApiClient, formId: number): Promise<Attribute[]> =>
  (await api.get(`/forms/${formId}/attributes`, AttributeList, { query: { order: 'asc', orderby: 'priority' } })).results;
export const createAttribute = (api: ApiClient, formId: number, body: AttributeBody): Promise<Attribute> =>
  api.post(`/forms/${formId}/attributes`, AttributeSchema, { body });
export const updateAttribute = (api: ApiClient, formId: number, id: number, body: AttributeBody): Promise<Attribute> =>
  api.put(`/forms/${formId}/attributes/${id}`, AttributeSchema, { body });
export const deleteAttribute = (api: ApiClient, formId: number, id: number): Promise<Attribute> =>
  api.delete(`/forms/${formId}/attributes/${id}`, AttributeSchema);

/** Role ids allowed to post in a restricted survey (API-CONTRACT 7.4). */
export const listFormRoleIds = async (api: ApiClient, formId: number): Promise<number[]> =>
  (await api.get(`/forms/${formId}/roles`, FormRoleList)).results.map((r) => r.role_id);
/** Replaces the whole list. */
export const replaceFormRoles = (api: ApiClient, formId: number, roles: number[]) =>
  api.put(`/forms/${formId}/roles`, FormRoleList, { body: { roles } });
