import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { FormsTable } from '../../db/tables/surveys';
import { nullsLast } from '../../db/order';
import type { Paging } from '../../http/query';

export type FormRow = Selectable<FormsTable>;
export type FormFilters = { q?: string; disabled?: boolean; targetedSurvey?: boolean; includeDisabled: boolean };

export const findById = (db: Executor, id: number) => db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirst();

/** Row lock: serialises writes to one survey's fields (title/description uniqueness). */
export const lockForm = (db: Executor, id: number) =>
  db.selectFrom('forms').select('id').where('id', '=', id).forUpdate().executeTakeFirst();

function filtered(db: Executor, filters: FormFilters) {
  let query = db.selectFrom('forms');
  if (!filters.includeDisabled) query = query.where('forms.disabled', '=', false);
  if (filters.disabled !== undefined) query = query.where('forms.disabled', '=', filters.disabled);
  if (filters.targetedSurvey !== undefined) query = query.where('forms.targeted_survey', '=', filters.targetedSurvey);
  if (filters.q) query = query.where(sql`lower(forms.name)`, 'like', likeContains(filters.q.toLowerCase()));
  return query;
}

export async function search(db: Executor, filters: FormFilters, paging: Paging): Promise<{ rows: FormRow[]; total: number }> {
  let query = filtered(db, filters)
    .selectAll('forms')
    .orderBy(sql.ref(`forms.${paging.orderby}`), nullsLast(paging.order))
    .orderBy('forms.id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const countAll = async (db: Executor): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('forms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insert = (db: Executor, values: Insertable<FormsTable>) =>
  db.insertInto('forms').values(values).returningAll().executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, values: Updateable<FormsTable>) =>
  db.updateTable('forms').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Stages, fields, roles and posts go with the survey through their foreign keys. */
export const remove = (db: Executor, id: number) => db.deleteFrom('forms').where('id', '=', id).execute();

/** `can_create`: names of the roles allowed to post in each survey. */
export async function roleNamesByForm(db: Executor, formIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (formIds.length === 0) return map;
  const rows = await db
    .selectFrom('form_roles')
    .innerJoin('roles', 'roles.id', 'form_roles.role_id')
    .select(['form_roles.form_id', 'roles.name'])
    .where('form_roles.form_id', 'in', formIds)
    .orderBy('roles.name')
    .execute();
  for (const row of rows) map.set(row.form_id, [...(map.get(row.form_id) ?? []), row.name]);
  return map;
}

/** A survey's categories: the existing tag ids offered by its category fields (API-CONTRACT 7.1). */
export async function tagIdsByForm(db: Executor, formIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (formIds.length === 0) return map;
  const { rows } = await sql<{ form_id: number; tag_id: number }>`
    select distinct s.form_id, t.id as tag_id
    from form_attributes a
    join form_stages s on s.id = a.form_stage_id
    cross join lateral jsonb_array_elements_text(case when jsonb_typeof(a.options) = 'array' then a.options else '[]'::jsonb end) as o(value)
    join tags t on t.id::text = o.value
    where a.type = 'tags' and s.form_id = any(${formIds}::int[])
    order by s.form_id, t.id
  `.execute(db);
  for (const row of rows) map.set(row.form_id, [...(map.get(row.form_id) ?? []), row.tag_id]);
  return map;
}
