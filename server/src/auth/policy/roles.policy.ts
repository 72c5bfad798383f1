import { blockedByPrivacy, isAdmin, isLoggedIn } from '../auth';
import type { Rule } from './policy';

/** RoleAuthorizer: logged-in users read and search; only admins write; protected roles are never deleted. */
export const roleRule: Rule<{ protected?: boolean } | null> = (auth, privilege, role) => {
  if (blockedByPrivacy(auth) || !isLoggedIn(auth)) return false;
  if (privilege === 'read' || privilege === 'search') return true;
  if (!isAdmin(auth)) return false;
  if (privilege === 'delete') return !role?.protected;
  return privilege === 'create' || privilege === 'update';
};

/** Permissions are listed to administrators only; they are never written. */
export const permissionRule: Rule<unknown> = (auth, privilege) => isAdmin(auth) && (privilege === 'read' || privilege === 'search');
