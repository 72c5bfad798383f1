import type { Privilege } from '@platform/shared';
import { blockedByPrivacy, hasPermission, isAdmin, isLoggedIn, type Auth } from '../../auth/auth';
import type { Rule } from '../../auth/policy/policy';

/** What the rule reads of a collection or saved search (null for create and search). */
export type SetAccess = { user_id: number | null; role: string[] | null } | null;

export const managesSets = (auth: Auth) => isAdmin(auth) || hasPermission(auth, 'Manage Collections and Saved Searches');

const owns = (auth: Auth, set: NonNullable<SetAccess>) => auth.userId !== null && set.user_id === auth.userId;

/** Whether the caller may see a set: no roles means everyone, else one of them (API-CONTRACT 12). */
export const seesSet = (auth: Auth, set: NonNullable<SetAccess>) =>
  managesSets(auth) || owns(auth, set) || !set.role?.length || (auth.role !== null && set.role.includes(auth.role));

/**
 * Collections and saved searches (API-CONTRACT 12, SetAuthorizer): everyone searches; admins and
 * "Manage Collections and Saved Searches" do anything; any logged-in user creates; the owner
 * changes and deletes; others read when the set's roles allow. `featured` is checked apart.
 */
export const setRule: Rule<SetAccess> = (auth, privilege: Privilege, set) => {
  if (blockedByPrivacy(auth)) return false;
  if (privilege === 'search') return true;
  if (privilege === 'create') return isLoggedIn(auth);
  if (set === null) return false;
  if (privilege === 'read') return seesSet(auth, set);
  if (privilege === 'update' || privilege === 'delete') return managesSets(auth) || owns(auth, set);
  return false;
};
