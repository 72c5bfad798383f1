import { canManagePosts } from '../../auth/policy/posts.policy';
import type { Audience } from '../../realtime/audience';

/** `message.created` reaches the sockets of those who may read messages: Manage Posts and admins. */
export const messageAudience: Audience<undefined> = {
  canRead: (auth) => auth.userId !== null && canManagePosts(auth),
};
