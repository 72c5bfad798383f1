import type { SET_SORTABLE } from '@platform/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import { likeContains } from '../../db/like';
import type { SetsTable } from '../../db/tables/core';
import type { Paging } from '../../http/query';

export type SetRow = Selectable<SetsTable>;

/** Who is searching: what they may see is filtered in SQL so `total_count` stays honest. */
export type SetViewer = { manager: boolean; userId: number | null; role: string | null };
export type SetFilters = { search: boolean; q?: string; featured?: boolean; userIds: number[]; editableBy?: number };

export const findById = (db: Executor, id: number, search: boolean) =>
  db.selectFrom('sets').selectAll().where('id', '=', id).where('search', '=', search).executeTakeFirst();

/** Locks the row while a post joins or leaves it, so it cannot vanish in between. */
export const findForUpdate = (db: Executor, id: number, search: boolean) =>
  db.selectFrom('sets').selectAll().where('id', '=', id).where('search', '=', search).forShare().executeTakeFirst();

export async function missingRoles(db: Executor, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const found = await db.selectFrom('roles').select('name').where('name', 'in', names).execute();
  const known = new Set(found.map((r) => r.name));
  return names.filter((n) => !known.has(n));
}

function filtered(db: Executor, filters: SetFilters, viewer: SetViewer) {
  let query = db.selectFrom('sets').where('search', '=', filters.search);
  if (filters.q) query = query.where('name', 'ilike', likeContains(filters.q));
  if (filters.featured !== undefined) query = query.where('featured', '=', filters.featured);
  if (filters.userIds.length > 0) query = query.where('user_id', 'in', filters.userIds);
  if (filters.editableBy !== undefined && !viewer.manager) query = query.where('user_id', '=', filters.editableBy);
  if (!viewer.manager) {
    query = query.where((eb) =>
      eb.or([
        eb('role', 'is', null),
        eb(sql<number>`cardinality(role)`, '=', 0),
        ...(viewer.role !== null ? [eb(sql.lit(viewer.role), '=', eb.fn.any('role'))] : []),
        ...(viewer.userId !== null ? [eb('user_id', '=', viewer.userId)] : []),
      ]),
    );
  }
  return query;
}

/** Featured first, then the asked order (API-CONTRACT 12). */
export async function search(db: Executor, filters: SetFilters, viewer: SetViewer, paging: Paging) {
  const orderby = paging.orderby as (typeof SET_SORTABLE)[number];
  let query = filtered(db, filters, viewer)
    .selectAll()
    .orderBy('featured', 'desc')
    .orderBy(orderby, paging.order)
    .orderBy('id', paging.order)
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

export type SetValues = {
  name?: string;
  description?: string | null;
  view?: string;
  view_options?: Record<string, unknown> | null;
  role?: string[] | null;
  featured?: boolean;
  filter?: Record<string, unknown>;
};

const jsonb = (value: Record<string, unknown> | null | undefined) =>
  value === undefined ? undefined : value === null ? null : JSON.stringify(value);

export async function insert(db: Executor, search: boolean, userId: number, values: SetValues): Promise<SetRow> {
  return db
    .insertInto('sets')
    .values({
      search,
      user_id: userId,
      name: values.name!,
      description: values.description ?? null,
      view: values.view ?? (search ? 'list' : 'map'),
      view_options: jsonb(values.view_options) ?? null,
      role: values.role?.length ? values.role : null,
      featured: values.featured ?? false,
      filter: search ? (jsonb(values.filter) ?? null) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function update(db: Executor, id: number, values: SetValues, now: Date): Promise<SetRow | undefined> {
  return db
    .updateTable('sets')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.description !== undefined ? { description: values.description } : {}),
      ...(values.view !== undefined ? { view: values.view } : {}),
      ...(values.view_options !== undefined ? { view_options: jsonb(values.view_options) } : {}),
      ...(values.role !== undefined ? { role: values.role?.length ? values.role : null } : {}),
      ...(values.featured !== undefined ? { featured: values.featured } : {}),
      ...(values.filter !== undefined ? { filter: jsonb(values.filter) } : {}),
      updated: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a set (its memberships and subscriptions cascade); returns the posts that were in it. */
export async function remove(db: Executor, id: number): Promise<number[]> {
  // Locked first, so no post can join between reading the members and the delete.
  await db.selectFrom('sets').select('id').where('id', '=', id).forUpdate().execute();
  const members = await db.selectFrom('posts_sets').select('post_id').where('set_id', '=', id).orderBy('post_id').execute();
  await db.deleteFrom('sets').where('id', '=', id).execute();
  return members.map((m) => m.post_id);
}

/** Adds a post; false when it was already there (adding twice is a no-op). */
export async function addPost(db: Executor, setId: number, postId: number): Promise<boolean> {
  const inserted = await db
    .insertInto('posts_sets')
    .values({ set_id: setId, post_id: postId })
    .onConflict((oc) => oc.doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds many posts; answers those that were not in the collection yet. */
export async function addPosts(db: Executor, setId: number, postIds: number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .insertInto('posts_sets')
    .values(postIds.map((postId) => ({ set_id: setId, post_id: postId })))
    .onConflict((oc) => oc.doNothing())
    .returning('post_id')
    .execute();
  return rows.map((row) => row.post_id).sort((a, b) => a - b);
}

export async function removePost(db: Executor, setId: number, postId: number): Promise<boolean> {
  const result = await db.deleteFrom('posts_sets').where('set_id', '=', setId).where('post_id', '=', postId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const postExists = async (db: Executor, postId: number) =>
  (await db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst()) !== undefined;

/** The collections a post belongs to. */
export const collectionsOfPost = (db: Executor, postId: number) =>
  db
    .selectFrom('sets')
    .innerJoin('posts_sets', 'posts_sets.set_id', 'sets.id')
    .selectAll('sets')
    .where('posts_sets.post_id', '=', postId)
    .where('sets.search', '=', false)
    .orderBy('sets.id')
    .execute();
