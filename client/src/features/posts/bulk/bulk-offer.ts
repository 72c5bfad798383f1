import type { Post, PostStatus } from '@platform/shared';
import { lockedByOther } from '../usePostActions';

export type BulkOffer = { statuses: PostStatus[]; collection: boolean; delete: boolean };

const STATUSES: readonly PostStatus[] = ['published', 'draft', 'archived'];

/**
 * What the bulk bar offers for these posts: an action appears when at least one of them allows it
 * and is not locked by someone else (API-CONTRACT 8.5; the server checks each post again).
 */
export function bulkOffer(
  posts: ReadonlyArray<Pick<Post, 'allowed_privileges' | 'lock' | 'status'>>,
  userId: number | null,
  loggedIn: boolean,
): BulkOffer {
  const open = posts.filter((p) => !lockedByOther(p, userId));
  const some = (privilege: string) => open.some((p) => p.allowed_privileges.includes(privilege));
  return {
    statuses: some('change_status') ? STATUSES.filter((s) => open.some((p) => p.status !== s)) : [],
    collection: loggedIn && open.some((p) => p.allowed_privileges.includes('read')),
    delete: some('delete'),
  };
}
