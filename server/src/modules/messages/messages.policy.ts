import type { Privilege } from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import type { Rule } from '../../auth/policy/policy';
import { canManagePosts } from '../../auth/policy/posts.policy';

export const MESSAGE_PRIVILEGES: readonly Privilege[] = ['read', 'create', 'update', 'search'];

/**
 * Messages are for Manage Posts and admins only (API-CONTRACT 13.3, 17); incoming messages are
 * never updated, and nobody deletes a message (405).
 */
export const messageRule: Rule<{ direction: 'incoming' | 'outgoing' } | null> = (auth: Auth, privilege, message) => {
  if (!isLoggedIn(auth) || !canManagePosts(auth)) return false;
  if (privilege === 'delete') return false;
  if (privilege === 'update') return message !== null && message.direction === 'outgoing';
  return true;
};
