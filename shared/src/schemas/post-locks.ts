import { z } from 'zod';
import { RefSchema } from './common';

/** A lock lasts five minutes; the holder renews it with another `PUT` while editing (API-CONTRACT 11). */
export const POST_LOCK_TTL_SECONDS = 5 * 60;

/** The error title of a refused acquire; the client shows `post.already_locked` (spec 2 section 8). */
export const POST_LOCK_CONFLICT_TITLE = 'post.already_locked';

export const PostLockMessages = {
  /** 409 on `PUT /posts/{id}/lock` while someone else holds an active lock; names the holder. */
  alreadyLocked: (holder: string) => `The post is locked because ${holder} is working on it right now. Try editing a different post.`,
  /** 422 on `/title` for `PUT /posts/{id}` while another user holds the lock (API-CONTRACT 2.1, 11). */
  lockedForUpdate: 'Post is currently locked by a different user and can not be updated.',
  /** What the former holder is told when the lock is broken or expires (spec 2 section 8). */
  unlocked: 'Your Post has been unlocked. Your current unsaved changes will be lost.',
  noActiveLock: 'This post is not locked',
  loginRequired: 'Only logged-in users can lock posts',
} as const;

/** The holder as a lock shows it: the usual relation plus the name the lock message needs. */
export const LockHolderSchema = RefSchema.extend({ realname: z.string().nullable().optional() });
export type LockHolder = z.infer<typeof LockHolderSchema>;

/** `PUT /posts/{id}/lock` and `DELETE /posts/{id}/lock` answer with the lock (API-CONTRACT 11). */
export const PostLockResponseSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: LockHolderSchema.nullable(),
  post_id: z.number().int(),
  /** Epoch seconds. */
  expires: z.number(),
  allowed_privileges: z.array(z.string()),
});
export type PostLockResponse = z.infer<typeof PostLockResponseSchema>;

/** `DELETE /posts/lock`: every lock of the caller that was released (used on logout). */
export const ReleasedLocksSchema = z.object({
  count: z.number().int(),
  results: z.array(PostLockResponseSchema),
});
export type ReleasedLocks = z.infer<typeof ReleasedLocksSchema>;

/**
 * The pushed payload of `lock.acquired`, `lock.renewed`, `lock.released`, `lock.broken` and
 * `lock.expired` (aggregate `lock`, aggregate id = the post id). `by_user_id` is who released or
 * broke it (null for an expiry).
 */
export const LockEventPayloadSchema = z.object({
  post_id: z.number().int(),
  lock_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_realname: z.string().nullable(),
  /** Epoch seconds. */
  expires: z.number(),
  by_user_id: z.number().int().nullable().optional(),
});
export type LockEventPayload = z.infer<typeof LockEventPayloadSchema>;
