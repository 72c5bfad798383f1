import { POST_LOCK_CONFLICT_TITLE, PostLockMessages, type LockEventPayload } from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import { canManagePosts, postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { ApiError, deny, notFound, ValidationError } from '../../http/errors';
import { epochSeconds } from '../../http/urls';
import { postLockExpiryJob } from '../../jobs/post-lock-expiry.job';
import { audienceState, type PostAudienceState } from './post-events';
import { formsByIds } from './post-forms.repository';
import * as repo from './post-locks.repository';
import type { LockRow } from './post-locks.repository';
import { postSubject } from './posts.presenter';
import * as posts from './posts.repository';

const RESOURCE = 'post';
const M = PostLockMessages;

export type LockEventType = 'lock.acquired' | 'lock.renewed' | 'lock.released' | 'lock.broken' | 'lock.expired';

/** What the log keeps beside a lock event (never pushed): who may read the post, for the audience. */
export type LockEventData = { audience: PostAudienceState };

const isActive = (lock: LockRow, now: Date) => lock.expires.getTime() > now.getTime();

/**
 * Appends a lock event in the caller's transaction. The aggregate id is the post id, so a client
 * watching a post matches events without knowing the lock id; the payload carries the holder's name.
 */
async function appendLockEvent(
  trx: Trx,
  type: LockEventType,
  lock: LockRow,
  post: posts.PostRow,
  actorId: number | null,
  byUserId?: number | null,
): Promise<void> {
  const payload: LockEventPayload = {
    post_id: lock.post_id,
    lock_id: lock.id,
    user_id: lock.user_id,
    user_realname: lock.realname,
    expires: epochSeconds(lock.expires) ?? 0,
  };
  if (byUserId !== undefined) payload.by_user_id = byUserId;
  const data: LockEventData = { audience: audienceState(post) };
  await appendEvent(trx, { type, aggregateType: 'lock', aggregateId: lock.post_id, actorId, payload, data });
}

/**
 * The update rule of API-CONTRACT 11: while another user holds an active lock, `PUT /posts/{id}`
 * is refused with 422 on `/title`. Called under the post's row lock, which every lock change also
 * takes first, so the answer cannot go stale before the update commits. Expired locks never block.
 */
export async function assertNotLockedByOther(db: Executor, auth: Auth, postId: number, now: Date): Promise<void> {
  const lock = await repo.findByPost(db, postId);
  if (lock && isActive(lock, now) && lock.user_id !== auth.userId) {
    throw new ValidationError(RESOURCE, [{ pointer: '/title', message: M.lockedForUpdate }]);
  }
}

export type PostLocksService = ReturnType<typeof createPostLocksService>;

/**
 * Post edit locks (API-CONTRACT 11). Every change takes the post's row lock first, so concurrent
 * acquirers queue up and exactly one of them wins; `post_locks.post_id` is unique as a backstop.
 * Each change appends its event in the same transaction, and the hub pushes it at once.
 */
export function createPostLocksService(ctx: AppContext) {
  const ttlMs = () => ctx.config.postLockTtlSeconds * 1000;
  const expiryJob = postLockExpiryJob((lockId) => (lockId === undefined ? sweep() : expireOne(lockId)));

  /** 404 first, then the `lock` privilege (owner with Edit their own posts, managers, admins), then a user. */
  async function checkAccess(auth: Auth, post: posts.PostRow): Promise<void> {
    const form = post.form_id === null ? null : ((await formsByIds(ctx.db, [post.form_id])).get(post.form_id) ?? null);
    authorize(postRule, auth, 'lock', postSubject(post, form));
    if (!isLoggedIn(auth)) deny(auth, M.loginRequired);
  }

  const loadPost = async (db: Executor, id: number) => (await posts.findById(db, id)) ?? notFound(RESOURCE, id);
  const lockPost = async (trx: Trx, id: number) => (await posts.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);

  /** Queues the expiry check for the moment this lock runs out. */
  const scheduleExpiry = (trx: Trx, lock: LockRow) =>
    ctx.jobs.send(trx, expiryJob, { lockId: lock.id }, { startAfter: new Date(lock.expires.getTime() + 250) });

  async function expireLocked(trx: Trx, lock: LockRow): Promise<void> {
    const post = await posts.findById(trx, lock.post_id);
    await repo.remove(trx, lock.id);
    if (post) await appendLockEvent(trx, 'lock.expired', lock, post, null, null);
  }

  /** The delayed job of one lock: a renewed or released lock is left alone. */
  async function expireOne(lockId: number): Promise<void> {
    await ctx.tx(async (trx) => {
      const lock = await repo.findByIdForUpdate(trx, lockId);
      if (lock && !isActive(lock, ctx.now())) await expireLocked(trx, lock);
    });
  }

  /** Every expired lock still in the table, in batches. */
  async function sweep(): Promise<void> {
    let count: number;
    do {
      count = await ctx.tx(async (trx) => {
        const expired = await repo.findExpiredForUpdate(trx, ctx.now(), 100);
        for (const lock of expired) await expireLocked(trx, lock);
        return expired.length;
      });
    } while (count === 100);
  }

  return {
    expiryJob,
    sweep,

    /**
     * `PUT /posts/{id}/lock`: a new lock, or the caller's own active lock renewed (same id, new
     * expiry). Someone else's active lock refuses with 409 naming the holder and stays as it was;
     * an expired one is announced as expired and replaced.
     */
    async acquire(auth: Auth, postId: number): Promise<LockRow> {
      await checkAccess(auth, await loadPost(ctx.db, postId));
      const userId = auth.userId!;
      return ctx.tx(async (trx) => {
        const post = await lockPost(trx, postId);
        const now = ctx.now();
        const expires = new Date(now.getTime() + ttlMs());
        const existing = await repo.findByPostForUpdate(trx, postId);
        if (existing && isActive(existing, now)) {
          if (existing.user_id !== userId) {
            throw new ApiError(409, M.alreadyLocked(existing.realname ?? `user ${existing.user_id}`), { title: POST_LOCK_CONFLICT_TITLE });
          }
          const renewed = await repo.renew(trx, existing, expires, now);
          await appendLockEvent(trx, 'lock.renewed', renewed, post, userId);
          await scheduleExpiry(trx, renewed);
          return renewed;
        }
        if (existing) await expireLocked(trx, existing);
        const lock = await repo.insert(trx, { postId, userId, expires });
        await appendLockEvent(trx, 'lock.acquired', lock, post, userId);
        await scheduleExpiry(trx, lock);
        return lock;
      });
    },

    /**
     * `DELETE /posts/{id}/lock`: the holder releases (`lock.released`); a manager or admin breaks
     * someone else's lock (`lock.broken`, and the former holder is told by the push). No active
     * lock is 404 (an expired one is announced as expired on the way).
     */
    async release(auth: Auth, postId: number): Promise<LockRow> {
      await loadPost(ctx.db, postId);
      if (!isLoggedIn(auth)) deny(auth, M.loginRequired);
      const userId = auth.userId!;
      const released = await ctx.tx(async (trx) => {
        const post = await lockPost(trx, postId);
        const lock = await repo.findByPostForUpdate(trx, postId);
        if (!lock) return null;
        if (!isActive(lock, ctx.now())) {
          await expireLocked(trx, lock);
          return null;
        }
        const holder = lock.user_id === userId;
        if (!holder && !canManagePosts(auth)) deny(auth);
        await repo.remove(trx, lock.id);
        await appendLockEvent(trx, holder ? 'lock.released' : 'lock.broken', lock, post, userId, userId);
        return lock;
      });
      return released ?? notFound('lock', postId);
    },

    /** `DELETE /posts/lock`: releases every active lock of the caller (logout). */
    async releaseMine(auth: Auth): Promise<LockRow[]> {
      if (!isLoggedIn(auth)) deny(auth, M.loginRequired);
      const userId = auth.userId!;
      return ctx.tx(async (trx) => {
        const mine = await repo.findByUserForUpdate(trx, userId);
        const now = ctx.now();
        const released: LockRow[] = [];
        for (const lock of mine) {
          if (!isActive(lock, now)) {
            await expireLocked(trx, lock);
            continue;
          }
          const post = await posts.findById(trx, lock.post_id);
          await repo.remove(trx, lock.id);
          if (post) await appendLockEvent(trx, 'lock.released', lock, post, userId, userId);
          released.push(lock);
        }
        return released;
      });
    },

    /** Active locks of posts, for the `lock` field managers see. */
    activeLocks: (db: Executor, postIds: number[]) => repo.activeLocksOf(db, postIds, ctx.now()),
  };
}
