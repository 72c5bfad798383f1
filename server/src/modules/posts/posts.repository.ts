import { sql, type RawBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { PostsTable } from '../../db/tables/posts';

export type PostRow = Selectable<PostsTable>;

/** One point value, as `post_points` stores it for spatial filters (DESIGN 3). */
export type PointRow = { attributeId: number; key: string; ordinal: number; lat: number; lon: number };
/** A category on a post: from a category field, or a legacy top-level `tags` entry (attribute null). */
export type TagLink = { tagId: number; attributeId: number | null };

export const findById = (db: Executor, id: number): Promise<PostRow | undefined> =>
  db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

/** Row lock: concurrent writes to one post are applied one after the other. */
export const findForUpdate = (trx: Trx, id: number): Promise<PostRow | undefined> =>
  trx.selectFrom('posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insert = (trx: Trx, values: Insertable<PostsTable>): Promise<PostRow> =>
  trx.insertInto('posts').values(values).returningAll().executeTakeFirstOrThrow();

/**
 * Many new posts in one statement (the CSV import's batch), answered in the order given: the ids
 * are drawn in VALUES order, so sorting the answer by id restores it.
 */
export async function insertMany(trx: Trx, values: Array<Insertable<PostsTable>>): Promise<PostRow[]> {
  if (values.length === 0) return [];
  const rows = await trx.insertInto('posts').values(values).returningAll().execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** The points of new posts (nothing to replace yet), in one statement. */
export async function insertPoints(trx: Trx, points: Array<PointRow & { postId: number }>): Promise<void> {
  if (points.length === 0) return;
  await trx
    .insertInto('post_points')
    .values(
      points.map((p) => ({
        post_id: p.postId,
        form_attribute_id: p.attributeId,
        attribute_key: p.key,
        ordinal: p.ordinal,
        lat: p.lat,
        lon: p.lon,
        geom: sql`ST_SetSRID(ST_MakePoint(${p.lon}::float8, ${p.lat}::float8), 4326)`,
      })),
    )
    .execute();
}

/**
 * The links a post keeps of these: one per category, a field's link winning over a legacy one (as
 * `replaceTags` keeps them), in category id order as they are read back.
 */
export function storedTagLinks(links: TagLink[]): TagLink[] {
  const byTag = new Map<number, TagLink>();
  for (const link of links) if (!byTag.has(link.tagId) || byTag.get(link.tagId)!.attributeId === null) byTag.set(link.tagId, link);
  return [...byTag.values()].sort((a, b) => a.tagId - b.tagId);
}

const tagRows = (postId: number, links: TagLink[]) =>
  storedTagLinks(links).map((l) => ({ post_id: postId, tag_id: l.tagId, form_attribute_id: l.attributeId }));

/** The categories of new posts (nothing to replace yet), in one statement. */
export async function insertTags(trx: Trx, posts: Array<{ postId: number; links: TagLink[] }>): Promise<void> {
  const rows = posts.flatMap((p) => tagRows(p.postId, p.links));
  if (rows.length > 0) await trx.insertInto('posts_tags').values(rows).execute();
}

export const update = (trx: Trx, id: number, values: Updateable<PostsTable>): Promise<PostRow> =>
  trx
    .updateTable('posts')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Points, categories and collection memberships go with the post (foreign key cascade). */
export const remove = (trx: Trx, id: number) => trx.deleteFrom('posts').where('id', '=', id).execute();

/**
 * `posts.places` for these points, in the order the `post_points` triggers collect them (field
 * key by code point, then position), so that they find it right and leave the row alone.
 */
export function placesOf(points: PointRow[]): RawBuilder<unknown> | null {
  if (points.length === 0) return null;
  const sorted = [...points].sort((a, b) => (a.key === b.key ? a.ordinal - b.ordinal : a.key < b.key ? -1 : 1));
  const geoms = sorted.map((p) => sql`ST_SetSRID(ST_MakePoint(${p.lon}::float8, ${p.lat}::float8), 4326)`);
  return sql`ST_Multi(ST_Collect(array[${sql.join(geoms)}]))`;
}

/**
 * Replaces the indexed copy of every point value of a post: the new points first (written over
 * the same field and position), then the ones no longer there. A post that keeps a location never
 * has none meanwhile, so `posts.mapped` (which the writes set) is not flipped by the triggers.
 */
export async function replacePoints(trx: Trx, postId: number, points: PointRow[]): Promise<void> {
  if (points.length > 0)
    await trx
      .insertInto('post_points')
      .values(
        points.map((p) => ({
          post_id: postId,
          form_attribute_id: p.attributeId,
          attribute_key: p.key,
          ordinal: p.ordinal,
          lat: p.lat,
          lon: p.lon,
          geom: sql`ST_SetSRID(ST_MakePoint(${p.lon}::float8, ${p.lat}::float8), 4326)`,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['post_id', 'attribute_key', 'ordinal']).doUpdateSet((eb) => ({
          form_attribute_id: eb.ref('excluded.form_attribute_id'),
          lat: eb.ref('excluded.lat'),
          lon: eb.ref('excluded.lon'),
          geom: eb.ref('excluded.geom'),
        })),
      )
      .execute();
  const kept = points.map((p) => sql`(${p.key}::text, ${p.ordinal}::int2)`);
  await trx
    .deleteFrom('post_points')
    .where('post_id', '=', postId)
    .$if(kept.length > 0, (qb) => qb.where(sql<boolean>`(attribute_key, ordinal) not in (${sql.join(kept)})`))
    .execute();
}

/** Replaces a post's categories; a category listed twice keeps its field link. */
export async function replaceTags(trx: Trx, postId: number, links: TagLink[]): Promise<void> {
  await trx.deleteFrom('posts_tags').where('post_id', '=', postId).execute();
  const rows = tagRows(postId, links);
  if (rows.length > 0) await trx.insertInto('posts_tags').values(rows).execute();
}

export async function tagLinksOf(db: Executor, postIds: number[]): Promise<Map<number, TagLink[]>> {
  const map = new Map<number, TagLink[]>();
  if (postIds.length === 0) return map;
  const rows = await db
    .selectFrom('posts_tags')
    .select(['post_id', 'tag_id', 'form_attribute_id'])
    .where('post_id', 'in', postIds)
    .orderBy('tag_id')
    .execute();
  for (const row of rows)
    map.set(row.post_id, [...(map.get(row.post_id) ?? []), { tagId: row.tag_id, attributeId: row.form_attribute_id }]);
  return map;
}

/** Published posts other than `exceptId`, for the plan limit (API-CONTRACT 8.3). */
export async function countPublished(trx: Trx, exceptId?: number): Promise<number> {
  let query = trx
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published');
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Serialises the published-posts count of the plan limit (two writers must not both pass it). */
export const lockPublishedCount = (trx: Trx) => sql`select pg_advisory_xact_lock(hashtext('posts-plan-limit'))`.execute(trx);

export const postsOfForm = (trx: Trx, formId: number): Promise<PostRow[]> =>
  trx.selectFrom('posts').selectAll().where('form_id', '=', formId).orderBy('id').forUpdate().execute();

/** Posts carrying a category, locked for the rewrite of their values. */
export const postsWithTag = (trx: Trx, tagId: number): Promise<PostRow[]> =>
  trx
    .selectFrom('posts')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('posts_tags').select('post_id').where('tag_id', '=', tagId))
    .orderBy('id')
    .forUpdate()
    .execute();

/** Many posts, row-locked in id order (two bulk requests over the same posts queue, never deadlock). */
export const findManyForUpdate = (trx: Trx, ids: number[]): Promise<PostRow[]> =>
  ids.length === 0 ? Promise.resolve([]) : trx.selectFrom('posts').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();

/** One status for many posts (a bulk action), each row's version moved on as `update` does. */
export const setStatusOfMany = (trx: Trx, ids: number[], status: PostRow['status'], now: Date): Promise<PostRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : trx
        .updateTable('posts')
        .set({ status, updated: now, version: sql`version + 1` })
        .where('id', 'in', ids)
        .returningAll()
        .execute();

/** Deletes many posts; their points, categories and memberships go with them (foreign key cascade). */
export const removeMany = (trx: Trx, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : trx.deleteFrom('posts').where('id', 'in', ids).execute();
