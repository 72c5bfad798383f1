import { z } from 'zod';
import { POST_STATUSES } from '../constants';
import { dbIdField } from './common';

/** At most this many posts per bulk request: a page of a thousand fits, a runaway selection does not. */
export const POST_BULK_MAX = 1000;

export const PostBulkMessages = {
  actionInvalid: 'action must be one of status, delete, collection',
  idsInvalid: `ids must be a list of 1 to ${POST_BULK_MAX} post ids`,
  idInvalid: 'ids must hold post ids',
  statusInvalid: `status must be one of ${POST_STATUSES.join(', ')}`,
  collectionInvalid: 'collection_id must be the id of a collection',
  /** Why a post was left alone (each skipped post is named in the answer). */
  skipped: {
    not_found: 'This post does not exist',
    forbidden: "Sorry, you're not allowed to do that.",
    locked: (holder: string) => `The post is locked because ${holder} is working on it right now.`,
  },
} as const;
const M = PostBulkMessages;

const ids = z
  .array(dbIdField(M.idInvalid), { error: M.idsInvalid })
  .min(1, M.idsInvalid)
  .max(POST_BULK_MAX, M.idsInvalid)
  .transform((list) => [...new Set(list)]);

/**
 * `POST /posts/bulk`: one action on many posts in one request and one transaction (spec 2 screen
 * 17). The legacy client sent one request per post; the contract has no bulk route, so this one is ours.
 */
export const PostBulkBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('status'), ids, status: z.enum(POST_STATUSES, { error: M.statusInvalid }) }),
    z.object({ action: z.literal('delete'), ids }),
    z.object({ action: z.literal('collection'), ids, collection_id: dbIdField(M.collectionInvalid) }),
  ],
  { error: M.actionInvalid },
);
export type PostBulkBody = z.infer<typeof PostBulkBody>;
export type PostBulkAction = PostBulkBody['action'];

export const POST_BULK_SKIP_REASONS = ['not_found', 'forbidden', 'locked', 'incomplete'] as const;
export type PostBulkSkipReason = (typeof POST_BULK_SKIP_REASONS)[number];

/** A post the action left alone, named: its title when the caller may read it, and why. */
export const PostBulkSkipSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  reason: z.enum(POST_BULK_SKIP_REASONS),
  message: z.string(),
  /** The holder of the lock that kept the post out. */
  locked_by: z.object({ id: z.number().int(), realname: z.string().nullable() }).nullable(),
});
export type PostBulkSkip = z.infer<typeof PostBulkSkipSchema>;

/** The answer: what changed, what already was so, and what was skipped and why. */
export const PostBulkResultSchema = z.object({
  action: z.enum(['status', 'delete', 'collection']),
  changed: z.array(z.number().int()),
  unchanged: z.array(z.number().int()),
  skipped: z.array(PostBulkSkipSchema),
});
export type PostBulkResult = z.infer<typeof PostBulkResultSchema>;
