import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import { setRule } from './sets.policy';
import type { SetRow } from './sets.repository';

/** Collection JSON, and for a saved search its filter and `search: true` (API-CONTRACT 12). */
export function presentSet(base: string, auth: Auth, row: SetRow) {
  const common = {
    id: row.id,
    url: resourceUrl(base, row.search ? 'savedsearches' : 'collections', row.id),
    user: ref(base, 'users', row.user_id),
    name: row.name,
    description: row.description,
    view: row.view,
    view_options: row.view_options ?? null,
    role: row.role?.length ? row.role : null,
    featured: row.featured,
    created: w3c(row.created),
    updated: w3c(row.updated),
    allowed_privileges: allowedPrivileges(setRule, auth, row),
  };
  return row.search ? { ...common, filter: row.filter ?? null, search: true as const } : common;
}
