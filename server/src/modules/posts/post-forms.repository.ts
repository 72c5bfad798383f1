import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

/** What posts need of a survey: access rules, approval, what it hides, its colour. */
export type PostForm = {
  id: number;
  name: string;
  color: string | null;
  disabled: boolean;
  everyone_can_create: boolean;
  require_approval: boolean;
  hide_author: boolean;
  hide_time: boolean;
  hide_location: boolean;
  /** Role names allowed to post when `everyone_can_create` is false. */
  can_create: string[];
};

export type PostStage = {
  id: number;
  label: string;
  type: 'post' | 'task';
  priority: number;
  required: boolean;
  show_when_published: boolean;
  task_is_internal_only: boolean;
};

/** A field with its task, everything value checks and the value presenter need. */
export type PostAttribute = {
  id: number;
  key: string;
  label: string;
  type: string;
  input: string;
  required: boolean;
  priority: number;
  options: unknown[];
  cardinality: number;
  config: Record<string, unknown>;
  response_private: boolean;
  stage: PostStage;
};

/** A survey with its tasks and fields, ordered by priority. */
export type PostFormContext = { form: PostForm; stages: PostStage[]; attributes: PostAttribute[] };

const FORM_COLUMNS = [
  'id',
  'name',
  'color',
  'disabled',
  'everyone_can_create',
  'require_approval',
  'hide_author',
  'hide_time',
  'hide_location',
] as const;

const formRows = (db: Executor, ids: number[]) => db.selectFrom('forms').select(FORM_COLUMNS).where('id', 'in', ids).execute();

const formRoleRows = (db: Executor, ids: number[]) =>
  db
    .selectFrom('form_roles')
    .innerJoin('roles', 'roles.id', 'form_roles.role_id')
    .select(['form_roles.form_id', 'roles.name'])
    .where('form_roles.form_id', 'in', ids)
    .execute();

function assembleForms(rows: Awaited<ReturnType<typeof formRows>>, roles: Awaited<ReturnType<typeof formRoleRows>>): Map<number, PostForm> {
  const map = new Map<number, PostForm>();
  for (const row of rows) map.set(row.id, { ...row, can_create: roles.filter((r) => r.form_id === row.id).map((r) => r.name) });
  return map;
}

export async function formsByIds(db: Executor, ids: number[]): Promise<Map<number, PostForm>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, roles] = await Promise.all([formRows(db, unique), formRoleRows(db, unique)]);
  return assembleForms(rows, roles);
}

export type ContextRow = Omit<PostForm, 'can_create'> & {
  can_create: string[];
  stages: PostStage[];
  attributes: Array<Omit<PostAttribute, 'stage'> & { form_stage_id: number }>;
};

/**
 * Surveys with their tasks and fields as one statement (the roles, tasks and fields aggregated as
 * JSON per survey): every list request needs them, and at a million posts each round trip to the
 * database was a visible share of the answer time. `post-sides.repository` embeds it.
 */
export const contextRowsQuery = (ids: number[]): RawBuilder<ContextRow> => sql<ContextRow>`
    select f.id, f.name, f.color, f.disabled, f.everyone_can_create, f.require_approval, f.hide_author, f.hide_time, f.hide_location,
      coalesce((select json_agg(r.name order by r.id) from form_roles fr join roles r on r.id = fr.role_id
        where fr.form_id = f.id), '[]') as can_create,
      coalesce((select json_agg(json_build_object('id', s.id, 'label', s.label, 'type', s.type, 'priority', s.priority,
          'required', s.required, 'show_when_published', s.show_when_published, 'task_is_internal_only', s.task_is_internal_only)
          order by s.priority, s.id)
        from form_stages s where s.form_id = f.id), '[]') as stages,
      coalesce((select json_agg(json_build_object('id', a.id, 'key', a.key, 'label', a.label, 'type', a.type, 'input', a.input,
          'required', a.required, 'priority', a.priority, 'options', a.options, 'cardinality', a.cardinality, 'config', a.config,
          'response_private', a.response_private, 'form_stage_id', a.form_stage_id)
          order by s.priority, a.priority, a.id)
        from form_attributes a join form_stages s on s.id = a.form_stage_id where s.form_id = f.id), '[]') as attributes
    from forms f where f.id = any(${ids}::int[])`;

/** The rows of `contextRowsQuery` as contexts by survey id. */
export function assembleContexts(rows: ContextRow[]): Map<number, PostFormContext> {
  const map = new Map<number, PostFormContext>();
  for (const { stages, attributes, ...form } of rows) {
    const byId = new Map(stages.map((stage) => [stage.id, stage]));
    map.set(form.id, {
      form,
      stages,
      attributes: attributes.flatMap(({ form_stage_id, options, config, ...a }) => {
        const stage = byId.get(form_stage_id);
        if (!stage) return [];
        return [
          {
            ...a,
            options: Array.isArray(options) ? options : [],
            config: typeof config === 'object' && config !== null && !Array.isArray(config) ? config : {},
            stage,
          },
        ];
      }),
    });
  }
  return map;
}

export async function contextsByFormIds(db: Executor, ids: number[]): Promise<Map<number, PostFormContext>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return assembleContexts((await contextRowsQuery(unique).execute(db)).rows);
}

export async function contextOf(db: Executor, formId: number | null): Promise<PostFormContext | null> {
  if (formId === null) return null;
  return (await contextsByFormIds(db, [formId])).get(formId) ?? null;
}
