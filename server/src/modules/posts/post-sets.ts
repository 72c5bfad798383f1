import type { Trx } from '../../db/database';
import { appendEvents } from '../../events/events.repository';
import type { BulkTarget } from './post-bulk.service';
import { appendPostEvent, postEvent } from './post-events';
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

/** The same announcement for many posts at once (a bulk add), from rows the caller already holds. */
export async function announceSetsChangedMany(trx: Trx, targets: BulkTarget[], actorId: number | null): Promise<void> {
  await appendEvents(
    trx,
    targets.map(({ post, context, tagIds }) =>
      postEvent({ type: 'post.updated', post, form: context?.form ?? null, tagIds, actorId, previous: post, revision: false }),
    ),
  );
}
