import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import { likeContains } from '../../db/like';
import type { TagsTable } from '../../db/tables/surveys';
import { nullsLast } from '../../db/order';
import type { Paging } from '../../http/query';

export type TagRow = Selectable<TagsTable>;
export type TagFilters = { q?: string; types: string[]; parentIds: number[]; tags: string[]; topLevelOnly: boolean };
/** `all` for callers who see every category; otherwise the caller's role (null when anonymous). */
export type TagViewer = { all: true } | { all: false; role: string | null };

export const findById = (db: Executor, id: number) => db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();

export const findForUpdate = (db: Executor, id: number) =>
  db.selectFrom('tags').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Categories the viewer may read: roles admit them and so do every ancestor's (top-down walk),
 * the SQL twin of `tagRule` (API-CONTRACT 14.2).
 */
const visibleTo = (role: string | null) => sql<boolean>`tags.id in (
  with recursive visible(id) as (
    select t.id from tags t
    where t.parent_id is null and (t.role is null or cardinality(t.role) = 0 or ${role}::text = any(t.role))
    union
    select c.id from tags c join visible v on c.parent_id = v.id
    where c.role is null or cardinality(c.role) = 0 or ${role}::text = any(c.role)
  )
  select id from visible
)`;

function filtered(db: Executor, filters: TagFilters, viewer: TagViewer) {
  let query = db.selectFrom('tags');
  if (!viewer.all) query = query.where(visibleTo(viewer.role));
  if (filters.types.length > 0) query = query.where('tags.type', 'in', filters.types as Array<'category' | 'status'>);
  if (filters.parentIds.length > 0) query = query.where('tags.parent_id', 'in', filters.parentIds);
  if (filters.tags.length > 0) query = query.where('tags.tag', 'in', filters.tags);
  if (filters.topLevelOnly) query = query.where('tags.parent_id', 'is', null);
  if (filters.q) query = query.where(sql`lower(tags.tag)`, 'like', likeContains(filters.q.toLowerCase()));
  return query;
}

export async function search(
  db: Executor,
  filters: TagFilters,
  viewer: TagViewer,
  paging: Paging,
): Promise<{ rows: TagRow[]; total: number }> {
  let query = filtered(db, filters, viewer)
    .selectAll('tags')
    .orderBy(sql.ref(`tags.${paging.orderby}`), nullsLast(paging.order))
    .orderBy('tags.id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, filters, viewer)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The roles of each category's ancestors, parent first. */
export async function ancestorRoles(db: Executor, ids: number[]): Promise<Map<number, Array<string[] | null>>> {
  const map = new Map<number, Array<string[] | null>>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const { rows } = await sql<{ start_id: number; role: string[] | null }>`
    with recursive up(start_id, id, parent_id, role, depth) as (
      select t.id, p.id, p.parent_id, p.role, 1 from tags t join tags p on p.id = t.parent_id where t.id = any(${ids}::int[])
      union all
      select up.start_id, p.id, p.parent_id, p.role, up.depth + 1 from up join tags p on p.id = up.parent_id where up.depth < 100
    )
    select start_id, role from up order by start_id, depth
  `.execute(db);
  for (const row of rows) map.get(row.start_id)?.push(row.role);
  return map;
}

/** Child ids of each category. */
export async function childrenOf(db: Executor, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom('tags').select(['id', 'parent_id']).where('parent_id', 'in', ids).orderBy('id').execute();
  for (const row of rows) if (row.parent_id !== null) map.set(row.parent_id, [...(map.get(row.parent_id) ?? []), row.id]);
  return map;
}

/** Every category below `id`, at any depth. */
export async function descendantIds(db: Executor, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive down(id) as (
      select id from tags where parent_id = ${id}
      union
      select t.id from tags t join down d on t.parent_id = d.id
    )
    select id from down
  `.execute(db);
  return rows.map((r) => r.id);
}

export async function slugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('tags').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function existingIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('tags').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** Role names that do not exist. */
export async function unknownRoles(db: Executor, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = new Set((await db.selectFrom('roles').select('name').where('name', 'in', names).execute()).map((r) => r.name));
  return names.filter((n) => !known.has(n));
}

export const insert = (db: Executor, values: Insertable<TagsTable>) =>
  db.insertInto('tags').values(values).returningAll().executeTakeFirstOrThrow();

export const update = (db: Executor, id: number, values: Updateable<TagsTable>) =>
  db.updateTable('tags').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Children take their parent's roles (spec 3 section 4). */
export async function setRoleOf(trx: Trx, ids: number[], role: string[] | null, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('tags').set({ role, updated: now }).where('id', 'in', ids).execute();
}

/**
 * Children become top-level through the foreign key (`on delete set null`); `posts_tags` rows go
 * through theirs. The posts module strips the id from post values first, in the same transaction
 * (the `removeTagFromFields` hook of the service).
 */
export const remove = (trx: Trx, id: number) => trx.deleteFrom('tags').where('id', '=', id).execute();
