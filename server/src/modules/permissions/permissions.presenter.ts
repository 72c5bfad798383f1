import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { permissionRule } from '../../auth/policy/roles.policy';
import { resourceUrl } from '../../http/urls';
import type { PermissionRow } from './permissions.repository';

/** Permission JSON: `{id, url, name, description, allowed_privileges}`. */
export function presentPermission(base: string, auth: Auth, permission: PermissionRow) {
  return {
    id: permission.id,
    url: resourceUrl(base, 'permissions', permission.id),
    name: permission.name,
    description: permission.description,
    allowed_privileges: allowedPrivileges(permissionRule, auth, permission),
  };
}
