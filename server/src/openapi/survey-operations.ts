import * as s from '@platform/shared';
import { listEnvelope } from '@platform/shared';
import { crud, type Operation } from './operation';

const V3 = '/api/v3';
const list = listEnvelope;

/** Surveys, their tasks, fields, roles, stats and targeted contacts (API-CONTRACT 7). */
export const SURVEY_OPERATIONS: Operation[] = [
  ...crud('Surveys', `${V3}/forms`, 'survey', {
    item: s.FormSchema,
    list: list(s.FormSchema),
    query: s.FormListQuery,
    create: s.CreateFormBody,
    update: s.UpdateFormBody,
  }),
  {
    method: 'get',
    path: `${V3}/forms/:formId/roles`,
    tag: 'Surveys',
    summary: 'Roles that may answer a survey',
    response: list(s.FormRoleSchema),
  },
  {
    method: 'put',
    path: `${V3}/forms/:formId/roles`,
    tag: 'Surveys',
    summary: 'Replace the roles that may answer a survey',
    body: s.UpdateFormRolesBody,
    response: list(s.FormRoleSchema),
  },
  {
    method: 'get',
    path: `${V3}/forms/:formId/stats`,
    tag: 'Surveys',
    summary: 'Response counts of a survey',
    query: s.FormStatsQuery,
    response: s.FormStatsSchema,
  },
  {
    method: 'get',
    path: `${V3}/forms/:formId/contacts`,
    tag: 'Surveys',
    summary: 'Recipients of a targeted survey',
    response: list(s.ContactSchema),
  },
  {
    method: 'post',
    path: `${V3}/forms/:formId/contacts`,
    tag: 'Surveys',
    summary: 'Send a targeted survey to phone numbers (error_contacts for numbers not valid in the country)',
    body: s.CreateFormContactsBody,
    response: s.FormContactsResultSchema,
  },
  {
    method: 'get',
    path: `${V3}/forms/stages`,
    tag: 'Surveys',
    summary: 'Tasks of every survey',
    query: s.StageListQuery,
    response: list(s.StageSchema),
  },
  ...crud('Surveys', `${V3}/forms/:formId/stages`, 'task', {
    item: s.StageSchema,
    list: list(s.StageSchema),
    query: s.StageListQuery,
    create: s.CreateStageBody,
    update: s.UpdateStageBody,
    ops: 'lcrud',
  }),
  {
    method: 'get',
    path: `${V3}/forms/attributes`,
    tag: 'Surveys',
    summary: 'Fields of every survey',
    query: s.AttributeListQuery,
    response: list(s.AttributeSchema),
  },
  ...crud('Surveys', `${V3}/forms/:formId/attributes`, 'field', {
    item: s.AttributeSchema,
    list: list(s.AttributeSchema),
    query: s.AttributeListQuery,
    create: s.CreateAttributeBody,
    update: s.UpdateAttributeBody,
    ops: 'lcrud',
  }),
  ...crud('Categories', `${V3}/tags`, 'category', {
    item: s.TagSchema,
    list: list(s.TagSchema),
    query: s.TagListQuery,
    create: s.CreateTagBody,
    update: s.UpdateTagBody,
  }),
];
