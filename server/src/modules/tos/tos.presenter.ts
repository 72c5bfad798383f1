import type { Auth } from '../../auth/auth';
import { tosRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { TosRow } from './tos.repository';

/** ToS JSON: `{id, url, user: {id,url}, agreement_date, tos_version_date, allowed_privileges}` (W3C dates). */
export function presentTos(base: string, auth: Auth, tos: TosRow) {
  return {
    id: tos.id,
    url: resourceUrl(base, 'tos', tos.id),
    user: ref(base, 'users', tos.user_id),
    agreement_date: w3c(tos.agreement_date),
    tos_version_date: w3c(tos.tos_version_date),
    allowed_privileges: allowedPrivileges(tosRule, auth, { userId: tos.user_id }),
  };
}
