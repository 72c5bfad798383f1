import { blockedByPrivacy, type Auth } from '../auth';
import { canEditForms } from './forms.policy';
import { BASIC_PRIVILEGES, type Rule } from './policy';

/** An empty role list means everyone; otherwise the caller's role must be listed. */
export const roleListAllows = (auth: Auth, roles: readonly string[] | null): boolean =>
  roles === null || roles.length === 0 || (auth.role !== null && roles.includes(auth.role));

/** A category with the roles of its ancestors (parent first); null for create and search. */
export type TagSubject = { role: string[] | null; ancestorRoles: Array<string[] | null> } | null;

/**
 * TagAuthorizer (API-CONTRACT 14.2): admins and Manage Settings do everything; others search, and
 * read a category whose roles admit them and whose parent they can read. The repository's
 * visibility filter follows the same rule.
 */
export const tagRule: Rule<TagSubject> = (auth, privilege, tag) => {
  if (blockedByPrivacy(auth)) return false;
  if (canEditForms(auth)) return BASIC_PRIVILEGES.includes(privilege);
  if (privilege === 'search') return true;
  return privilege === 'read' && tag !== null && roleListAllows(auth, tag.role) && tag.ancestorRoles.every((r) => roleListAllows(auth, r));
};
