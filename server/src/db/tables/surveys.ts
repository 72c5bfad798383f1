import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './core';

/** A jsonb column with a database default: optional on insert, written as JSON text. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface FormsTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  description: string | null;
  color: string | null;
  type: Generated<string>;
  disabled: Generated<boolean>;
  hide_author: Generated<boolean>;
  hide_time: Generated<boolean>;
  hide_location: Generated<boolean>;
  require_approval: Generated<boolean>;
  everyone_can_create: Generated<boolean>;
  targeted_survey: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface FormStagesTable {
  id: Generated<number>;
  form_id: number;
  label: string;
  description: string | null;
  priority: Generated<number>;
  icon: string | null;
  type: Generated<'post' | 'task'>;
  required: Generated<boolean>;
  show_when_published: Generated<boolean>;
  task_is_internal_only: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface FormAttributesTable {
  id: Generated<number>;
  key: string;
  form_stage_id: number;
  label: string;
  instructions: string | null;
  input: string;
  type: string;
  required: Generated<boolean>;
  default: string | null;
  priority: Generated<number>;
  options: JsonWithDefault<unknown[]>;
  cardinality: Generated<number>;
  config: JsonWithDefault<Record<string, unknown>>;
  response_private: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface FormRolesTable {
  id: Generated<number>;
  form_id: number;
  role_id: number;
}

export interface TagsTable {
  id: Generated<number>;
  parent_id: number | null;
  tag: string;
  slug: string;
  type: Generated<'category' | 'status'>;
  color: string | null;
  icon: Generated<string>;
  description: string | null;
  priority: Generated<number>;
  role: string[] | null;
  created: CreatedAt;
  updated: Date | null;
}

export interface SurveyTables {
  forms: FormsTable;
  form_stages: FormStagesTable;
  form_attributes: FormAttributesTable;
  form_roles: FormRolesTable;
  tags: TagsTable;
}
