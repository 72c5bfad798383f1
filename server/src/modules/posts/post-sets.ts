import type { Trx } from '../../db/database';
import { appendPostEvent } from './post-events';
import { contextOf } from './post-forms.repository';
import * as repo from './posts.repository';

/**
 * A post joined or left a collection (API-CONTRACT 12): its `sets` changed, so open lists, maps
 * and collection views are told with a `post.updated` event in the same transaction. The post itself
 * did not change, so the event is not one of its revisions.
 */
export async function announceSetsChanged(trx: Trx, postId: number, actorId: number | null): Promise<void> {
  const post = await repo.findById(trx, postId);
  if (!post) return;
  const context = await contextOf(trx, post.form_id);
  const tagIds = ((await repo.tagLinksOf(trx, [postId])).get(postId) ?? []).map((link) => link.tagId);
  await appendPostEvent(trx, { type: 'post.updated', post, form: context?.form ?? null, tagIds, actorId, previous: post, revision: false });
}
