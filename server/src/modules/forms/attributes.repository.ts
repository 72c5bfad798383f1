import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { FormAttributesTable } from '../../db/tables/surveys';
import { nullsLast } from '../../db/order';
import type { Paging } from '../../http/query';
import { visibleStage, type StageVisibilityFilter } from './stages.repository';

/** A field with what access checks need: its survey and the visibility of its task. */
export type AttributeRow = Selectable<FormAttributesTable> & {
  form_id: number;
  form_disabled: boolean;
  show_when_published: boolean;
  task_is_internal_only: boolean;
};

export type AttributeFilters = { formIds: number[]; types: string[]; inputs: string[]; labels: string[]; keys: string[] };

const withStage = (db: Executor) =>
  db
    .selectFrom('form_attributes')
    .innerJoin('form_stages', 'form_stages.id', 'form_attributes.form_stage_id')
    .innerJoin('forms', 'forms.id', 'form_stages.form_id');

const columns = (query: ReturnType<typeof withStage>) =>
  query
    .selectAll('form_attributes')
    .select([
      'form_stages.form_id as form_id',
      'forms.disabled as form_disabled',
      'form_stages.show_when_published as show_when_published',
      'form_stages.task_is_internal_only as task_is_internal_only',
    ]);

export const findInForm = (db: Executor, formId: number, id: number): Promise<AttributeRow | undefined> =>
  columns(withStage(db)).where('form_attributes.id', '=', id).where('form_stages.form_id', '=', formId).executeTakeFirst();

function filtered(db: Executor, filters: AttributeFilters, visibility: StageVisibilityFilter) {
  let query = withStage(db).where((eb) => visibleStage(eb, visibility));
  if (filters.formIds.length > 0) query = query.where('form_stages.form_id', 'in', filters.formIds);
  if (filters.types.length > 0) query = query.where('form_attributes.type', 'in', filters.types);
  if (filters.inputs.length > 0) query = query.where('form_attributes.input', 'in', filters.inputs);
  if (filters.labels.length > 0) query = query.where('form_attributes.label', 'in', filters.labels);
  if (filters.keys.length > 0) query = query.where('form_attributes.key', 'in', filters.keys);
  return query;
}

export async function search(
  db: Executor,
  filters: AttributeFilters,
  visibility: StageVisibilityFilter,
  paging: Paging,
): Promise<{ rows: AttributeRow[]; total: number }> {
  let query = columns(filtered(db, filters, visibility))
    .orderBy(sql.ref(`form_attributes.${paging.orderby}`), nullsLast(paging.order))
    .orderBy('form_attributes.id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters, visibility)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function keyTaken(db: Executor, key: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('form_attributes').select('id').where('key', '=', key);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Another field of the same type in the survey (title and description are one per survey). */
export async function typeTakenInForm(db: Executor, formId: number, type: string, exceptId?: number): Promise<boolean> {
  let query = withStage(db).select('form_attributes.id').where('form_stages.form_id', '=', formId).where('form_attributes.type', '=', type);
  if (exceptId !== undefined) query = query.where('form_attributes.id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insert = (db: Executor, values: Insertable<FormAttributesTable>) =>
  db.insertInto('form_attributes').values(values).returning('id').executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, values: Updateable<FormAttributesTable>) =>
  db.updateTable('form_attributes').set(values).where('id', '=', id).execute();

export const remove = (db: Executor, id: number) => db.deleteFrom('form_attributes').where('id', '=', id).execute();

/** Strips a deleted category from the options of every category field, ids stored as numbers or strings. */
export async function removeTagFromOptions(trx: Trx, tagId: number): Promise<void> {
  await sql`
    update form_attributes
    set options = (
          select coalesce(jsonb_agg(o.value order by o.ordinality), '[]'::jsonb)
          from jsonb_array_elements(options) with ordinality as o(value, ordinality)
          where o.value #>> '{}' is distinct from ${String(tagId)}
        ),
        updated = now()
    where type = 'tags' and jsonb_typeof(options) = 'array'
      and (options @> ${JSON.stringify([tagId])}::jsonb or options @> ${JSON.stringify([String(tagId)])}::jsonb)
  `.execute(trx);
}
