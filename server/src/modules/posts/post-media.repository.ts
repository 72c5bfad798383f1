import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { PostRow } from './posts.repository';

/** A media id held by one of a post's media fields. */
export type MediaLink = { mediaId: number; attributeId: number };

/**
 * Replaces the media a post's fields hold (`posts_media`, kept with the values like `posts_tags`).
 * Ids of media deleted since they were stored stay in the values but link nothing.
 */
export async function replaceMedia(trx: Trx, postId: number, links: MediaLink[]): Promise<void> {
  await trx.deleteFrom('posts_media').where('post_id', '=', postId).execute();
  const byField = new Map<number, number[]>();
  for (const l of links) byField.set(l.attributeId, [...(byField.get(l.attributeId) ?? []), l.mediaId]);
  for (const [attributeId, ids] of byField) {
    await trx
      .insertInto('posts_media')
      .columns(['post_id', 'form_attribute_id', 'media_id'])
      .expression((eb) =>
        eb
          .selectFrom('media')
          .select([sql<number>`${postId}::int`.as('post_id'), sql<number>`${attributeId}::int`.as('form_attribute_id'), 'media.id'])
          .where('media.id', 'in', ids),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The posts showing a media, each with the field that holds it. */
export async function postsShowingMedia(db: Executor, mediaId: number): Promise<Array<{ post: PostRow; attributeId: number }>> {
  const rows = await db
    .selectFrom('posts_media')
    .innerJoin('posts', 'posts.id', 'posts_media.post_id')
    .selectAll('posts')
    .select('posts_media.form_attribute_id')
    .where('posts_media.media_id', '=', mediaId)
    .orderBy('posts.id')
    .execute();
  return rows.map(({ form_attribute_id, ...post }) => ({ post, attributeId: form_attribute_id }));
}

/**
 * Who uploaded each of `ids`, and whether a post other than `postId` already holds it: what
 * decides whether a post may take it (an id missing from the map is no media at all).
 */
export async function mediaOwnership(
  db: Executor,
  ids: number[],
  postId: number | null,
): Promise<Map<number, { userId: number | null; heldElsewhere: boolean }>> {
  const map = new Map<number, { userId: number | null; heldElsewhere: boolean }>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('media')
    .select(['media.id', 'media.user_id'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('posts_media')
            .select('posts_media.post_id')
            .whereRef('posts_media.media_id', '=', 'media.id')
            .$if(postId !== null, (qb) => qb.where('posts_media.post_id', '<>', postId!)),
        )
        .as('held_elsewhere'),
    )
    .where('media.id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) map.set(row.id, { userId: row.user_id, heldElsewhere: Boolean(row.held_elsewhere) });
  return map;
}
