import { blockedByPrivacy, hasPermission, isAdmin, isLoggedIn } from '../auth';
import type { Rule } from './policy';

export type UserSubject = { id: number | null; role?: string | null; changeRole?: boolean } | null;

/**
 * UserAuthorizer (API-CONTRACT 5): nobody deletes themselves, nobody (admins included, our
 * choice) changes their own role, Manage Users does the rest, users read and edit themselves.
 * A role change is checked through `changeRole`, so the same rule covers PUT /users/{id} and /me.
 */
export const userRule: Rule<UserSubject> = (auth, privilege, user) => {
  if (blockedByPrivacy(auth)) return false;
  const self = isLoggedIn(auth) && user?.id === auth.userId;
  if (privilege === 'delete' && self) return false;
  if (privilege === 'update' && self && user?.changeRole) return false;
  if (isAdmin(auth) || hasPermission(auth, 'Manage Users')) {
    return ['read', 'read_full', 'create', 'update', 'delete', 'search'].includes(privilege);
  }
  if (self) return privilege === 'read' || privilege === 'read_full' || privilege === 'update';
  return false;
};
