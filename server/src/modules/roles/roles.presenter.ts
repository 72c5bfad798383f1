import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { roleRule } from '../../auth/policy/roles.policy';
import { resourceUrl } from '../../http/urls';
import type { RoleWithPermissions } from './roles.service';

/** Role JSON (API-CONTRACT 4.1): `{id, url, name, display_name, description, permissions, protected, allowed_privileges}`. */
export function presentRole(base: string, auth: Auth, { role, permissions }: RoleWithPermissions) {
  return {
    id: role.id,
    url: resourceUrl(base, 'roles', role.id),
    name: role.name,
    display_name: role.display_name,
    description: role.description,
    permissions,
    protected: role.protected,
    allowed_privileges: allowedPrivileges(roleRule, auth, role),
  };
}
