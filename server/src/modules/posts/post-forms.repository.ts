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

const stageRows = (db: Executor, ids: number[]) =>
  db
    .selectFrom('form_stages')
    .select(['id', 'form_id', 'label', 'type', 'priority', 'required', 'show_when_published', 'task_is_internal_only'])
    .where('form_id', 'in', ids)
    .orderBy('priority')
    .orderBy('id')
    .execute();

const attributeRows = (db: Executor, ids: number[]) =>
  db
    .selectFrom('form_attributes')
    .innerJoin('form_stages', 'form_stages.id', 'form_attributes.form_stage_id')
    .select([
      'form_attributes.id',
      'form_attributes.key',
      'form_attributes.label',
      'form_attributes.type',
      'form_attributes.input',
      'form_attributes.required',
      'form_attributes.priority',
      'form_attributes.options',
      'form_attributes.cardinality',
      'form_attributes.config',
      'form_attributes.response_private',
      'form_attributes.form_stage_id',
    ])
    .where('form_stages.form_id', 'in', ids)
    .orderBy('form_stages.priority')
    .orderBy('form_attributes.priority')
    .orderBy('form_attributes.id')
    .execute();

/**
 * Surveys with their tasks and fields. The four reads depend only on the ids, so they go out at
 * once: on a list request at a million posts each sequential round trip was a visible share of
 * the answer time. Inside a transaction they queue on its one connection, as before.
 */
export async function contextsByFormIds(db: Executor, ids: number[]): Promise<Map<number, PostFormContext>> {
  const unique = [...new Set(ids)];
  const map = new Map<number, PostFormContext>();
  if (unique.length === 0) return map;
  const [rows, roles, stages, attributes] = await Promise.all([
    formRows(db, unique),
    formRoleRows(db, unique),
    stageRows(db, unique),
    attributeRows(db, unique),
  ]);
  for (const [id, form] of assembleForms(rows, roles)) {
    const own = stages.filter((s) => s.form_id === id).map(({ form_id: _formId, ...stage }) => stage);
    const byId = new Map(own.map((s) => [s.id, s]));
    map.set(id, {
      form,
      stages: own,
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

export async function contextOf(db: Executor, formId: number | null): Promise<PostFormContext | null> {
  if (formId === null) return null;
  return (await contextsByFormIds(db, [formId])).get(formId) ?? null;
}
