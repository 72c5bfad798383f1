import { sql, type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { FormStagesTable } from '../../db/tables/surveys';
import { nullsLast } from '../../db/order';
import type { Paging } from '../../http/query';

export type StageRow = Selectable<FormStagesTable>;
/** A task with the `disabled` flag of its survey, which every access check needs. */
export type StageWithForm = StageRow & { form_disabled: boolean };

/**
 * What callers who cannot edit surveys see, in SQL: the same rule as `isStageVisible` in the
 * policy, plus tasks of disabled surveys hidden (API-CONTRACT 7.2).
 */
export type StageVisibilityFilter = { all: true } | { all: false; postStatus?: string };

export function visibleStage(eb: ExpressionBuilder<Database, 'form_stages' | 'forms'>, visibility: StageVisibilityFilter) {
  if (visibility.all) return eb.val(true);
  const conditions = [eb('forms.disabled', '=', false), eb('form_stages.show_when_published', '=', true)];
  if (visibility.postStatus !== 'published') conditions.push(eb('form_stages.task_is_internal_only', '=', false));
  return eb.and(conditions);
}

export type StageFilters = { formIds: number[]; q?: string; label?: string; types: string[] };

const withForm = (db: Executor) =>
  db
    .selectFrom('form_stages')
    .innerJoin('forms', 'forms.id', 'form_stages.form_id')
    .selectAll('form_stages')
    .select('forms.disabled as form_disabled');

export const findInForm = (db: Executor, formId: number, id: number): Promise<StageWithForm | undefined> =>
  withForm(db).where('form_stages.id', '=', id).where('form_stages.form_id', '=', formId).executeTakeFirst();

export const findById = (db: Executor, id: number): Promise<StageWithForm | undefined> =>
  withForm(db).where('form_stages.id', '=', id).executeTakeFirst();

function filtered(db: Executor, filters: StageFilters, visibility: StageVisibilityFilter) {
  let query = db
    .selectFrom('form_stages')
    .innerJoin('forms', 'forms.id', 'form_stages.form_id')
    .where((eb) => visibleStage(eb, visibility));
  if (filters.formIds.length > 0) query = query.where('form_stages.form_id', 'in', filters.formIds);
  if (filters.types.length > 0) query = query.where('form_stages.type', 'in', filters.types as Array<'post' | 'task'>);
  if (filters.label) query = query.where('form_stages.label', '=', filters.label);
  if (filters.q) query = query.where(sql`lower(form_stages.label)`, 'like', likeContains(filters.q.toLowerCase()));
  return query;
}

export async function search(
  db: Executor,
  filters: StageFilters,
  visibility: StageVisibilityFilter,
  paging: Paging,
): Promise<{ rows: StageWithForm[]; total: number }> {
  let query = filtered(db, filters, visibility)
    .selectAll('form_stages')
    .select('forms.disabled as form_disabled')
    .orderBy(sql.ref(`form_stages.${paging.orderby}`), nullsLast(paging.order))
    .orderBy('form_stages.id', paging.order)
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

export const insert = (db: Executor, values: Insertable<FormStagesTable>) =>
  db.insertInto('form_stages').values(values).returningAll().executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, values: Updateable<FormStagesTable>) =>
  db.updateTable('form_stages').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** The task's fields go with it (foreign key cascade). */
export const remove = (db: Executor, id: number) => db.deleteFrom('form_stages').where('id', '=', id).execute();
