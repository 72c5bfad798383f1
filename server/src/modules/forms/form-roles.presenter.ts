import type { FormRole } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { formRoleRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { FormRoleRow } from './form-roles.repository';

/** `{id, url, form_id, role_id, allowed_privileges}` (API-CONTRACT 7.4). */
export function presentFormRole(base: string, auth: Auth, form: { disabled: boolean }, row: FormRoleRow): FormRole {
  return {
    id: row.id,
    url: resourceUrl(base, `forms/${row.form_id}/roles`, row.id),
    form_id: row.form_id,
    role_id: row.role_id,
    allowed_privileges: allowedPrivileges(formRoleRule, auth, form),
  };
}
