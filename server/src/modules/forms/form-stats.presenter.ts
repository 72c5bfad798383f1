import type { FormStats } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { formStatsRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { FormStatsResult } from './form-stats.service';

/**
 * Crowdsourced: `total_by_data_source` (and `total_responses`, its `all`); targeted: recipients,
 * responses and messages (API-CONTRACT 7.5). `name` is there for the activity tables.
 */
export function presentFormStats(base: string, auth: Auth, stats: FormStatsResult): FormStats {
  const head = { id: stats.form.id, url: resourceUrl(base, `forms/${stats.form.id}/stats`), form_id: stats.form.id, name: stats.form.name };
  const privileges = allowedPrivileges(formStatsRule, auth, null);
  if (stats.kind === 'targeted') return { ...head, ...stats.totals, allowed_privileges: privileges };
  return { ...head, total_by_data_source: { ...stats.totals }, total_responses: stats.totals.all, allowed_privileges: privileges };
}
