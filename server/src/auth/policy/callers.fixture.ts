import type { PermissionName } from '@platform/shared';
import { anonymousAuth, type Auth } from '../auth';
import { allowedPrivileges, type Rule } from './policy';

/** Callers for the policies' unit tests: a logged-in user with a role and permissions. */
export const caller = (userId: number, role: string, permissions: Array<PermissionName | string> = []): Auth => ({
  ...anonymousAuth(),
  hasToken: true,
  userId,
  role,
  permissions: new Set(permissions),
  scopes: new Set(['*']),
});

export const anonymous = anonymousAuth();
/** An anonymous caller of a private deployment. */
export const shutOut = anonymousAuth(true);
export const admin = caller(1, 'admin');
export const member = caller(2, 'user');

/** Every privilege a rule could grant, in the order `allowed_privileges` lists them. */
const ALL = ['read', 'create', 'update', 'delete', 'search', 'change_status', 'read_full', 'lock'] as const;

/** What `rule` lets `auth` do to `entity`, as `allowed_privileges` would list it from every privilege. */
export const allowed = <E>(rule: Rule<E>, auth: Auth, entity: E) => allowedPrivileges(rule, auth, entity, ALL);
