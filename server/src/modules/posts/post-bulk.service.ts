import { PostBulkMessages, PostMessages, type PostBulkResult, type PostBulkSkip, type PostStatus, type Privilege } from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import { canManagePosts, postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { deny, ValidationError } from '../../http/errors';
import { appendEvents } from '../../events/events.repository';
import { postEvent, updateEventType } from './post-events';
import { contextsByFormIds, type PostFormContext } from './post-forms.repository';
import { activeLocksOf } from './post-locks.repository';
import { postSubject } from './posts.presenter';
import * as repo from './posts.repository';
import { RESOURCE } from './posts.service';

const M = PostBulkMessages;

/** A post a bulk action may touch: row-locked, with its survey and categories. */
export type BulkTarget = { post: repo.PostRow; context: PostFormContext | null; tagIds: number[] };

/** The posts of a bulk request split into those the action may touch and those it skips, named. */
export type BulkScreen = { targets: BulkTarget[]; skipped: PostBulkSkip[] };

/** Answer order follows the request, so a client can match what it sent. */
const inRequestOrder = (ids: number[], skipped: PostBulkSkip[]) => {
  const at = new Map(ids.map((id, i) => [id, i]));
  return [...skipped].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
};

/**
 * Locks the posts of a bulk request in the caller's transaction and sorts them out: unknown ones,
 * those the caller lacks `privilege` on, and those someone else is editing (an active lock) are
 * skipped, each with its reason; a skipped post's title is shown only to a caller who may read it.
 */
export async function screenPosts(trx: Trx, auth: Auth, ids: number[], privilege: Privilege, now: Date): Promise<BulkScreen> {
  const rows = await repo.findManyForUpdate(trx, ids);
  const contexts = await contextsByFormIds(
    trx,
    rows.flatMap((r) => (r.form_id === null ? [] : [r.form_id])),
  );
  const locks = await activeLocksOf(
    trx,
    rows.map((r) => r.id),
    now,
  );
  const tags = await repo.tagLinksOf(
    trx,
    rows.map((r) => r.id),
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const targets: BulkTarget[] = [];
  const skipped: PostBulkSkip[] = [];
  for (const id of ids) {
    const post = found.get(id);
    if (!post) {
      skipped.push({ id, title: null, reason: 'not_found', message: M.skipped.not_found, locked_by: null });
      continue;
    }
    const context = post.form_id === null ? null : (contexts.get(post.form_id) ?? null);
    const subject = postSubject(post, context?.form ?? null);
    const title = postRule(auth, 'read', subject) ? post.title : null;
    const lock = locks.get(id);
    if (!postRule(auth, privilege, subject)) {
      skipped.push({ id, title, reason: 'forbidden', message: M.skipped.forbidden, locked_by: null });
    } else if (lock && lock.user_id !== auth.userId) {
      const holder = { id: lock.user_id, realname: lock.realname };
      skipped.push({ id, title, reason: 'locked', message: M.skipped.locked(lock.realname ?? String(lock.user_id)), locked_by: holder });
    } else {
      targets.push({ post, context, tagIds: (tags.get(id) ?? []).map((l) => l.tagId) });
    }
  }
  return { targets, skipped };
}

/** A required task left open keeps a post from being published (API-CONTRACT 8.3). */
const openRequiredStage = (target: BulkTarget): string | null =>
  target.context?.stages.find((s) => s.required && !target.post.completed_stages.includes(s.id))?.label ?? null;

/**
 * Bulk status change and delete (spec 2 screen 17): one request, one transaction, one event per
 * post changed, written in batches. Posts the caller may not change, or that another user is
 * editing, are skipped and named; any failure (the published-posts plan limit) rolls every post back.
 */
export function createPostBulkService(ctx: AppContext) {
  return {
    screen: screenPosts,

    async setStatus(auth: Auth, ids: number[], status: PostStatus): Promise<PostBulkResult> {
      // Statuses move freely only for managers (API-CONTRACT 8.5): anyone else may change none.
      if (!canManagePosts(auth)) deny(auth);
      const limit = await ctx.settings.limit('posts');
      const now = ctx.now();
      return ctx.tx(async (trx) => {
        const { targets, skipped } = await screenPosts(trx, auth, ids, 'change_status', now);
        const unchanged: number[] = [];
        const changing: BulkTarget[] = [];
        for (const target of targets) {
          const { post } = target;
          const open = status === 'published' ? openRequiredStage(target) : null;
          if (post.status === status) unchanged.push(post.id);
          else if (open !== null)
            skipped.push({
              id: post.id,
              title: post.title,
              reason: 'incomplete',
              message: PostMessages.stageRequired(open),
              locked_by: null,
            });
          else changing.push(target);
        }
        // Two bulk publishes count the plan limit one after the other (the lock is held until commit).
        const limited = limit !== null && status === 'published';
        if (limited) await repo.lockPublishedCount(trx);
        // One statement for every post, one insert for their events (a thousand posts, not a thousand round trips).
        const saved = new Map(
          (
            await repo.setStatusOfMany(
              trx,
              changing.map((t) => t.post.id),
              status,
              now,
            )
          ).map((row) => [row.id, row]),
        );
        // The published-posts plan limit, counted with the posts just written: passing it undoes them all.
        if (limited && (await repo.countPublished(trx)) > limit)
          throw new ValidationError(RESOURCE, [{ pointer: '/status', message: PostMessages.limitReached }]);
        await appendEvents(
          trx,
          changing.map(({ post, context, tagIds }) =>
            postEvent({
              type: updateEventType(post.status, status),
              post: saved.get(post.id)!,
              form: context?.form ?? null,
              tagIds,
              actorId: auth.userId,
              previous: post,
            }),
          ),
        );
        const changed = changing.map((t) => t.post.id);
        return { action: 'status', changed, unchanged, skipped: inRequestOrder(ids, skipped) };
      });
    },

    async remove(auth: Auth, ids: number[]): Promise<PostBulkResult> {
      if (!isLoggedIn(auth)) deny(auth);
      const now = ctx.now();
      return ctx.tx(async (trx) => {
        const { targets, skipped } = await screenPosts(trx, auth, ids, 'delete', now);
        await repo.removeMany(
          trx,
          targets.map((t) => t.post.id),
        );
        await appendEvents(
          trx,
          targets.map(({ post, context, tagIds }) =>
            postEvent({ type: 'post.deleted', post, form: context?.form ?? null, tagIds, actorId: auth.userId }),
          ),
        );
        return { action: 'delete', changed: targets.map((t) => t.post.id), unchanged: [], skipped: inRequestOrder(ids, skipped) };
      });
    },
  };
}

export type PostBulkService = ReturnType<typeof createPostBulkService>;
