import type { ConfigGroup } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { configRule } from '../../auth/policy/config.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';

/** The map settings' `clustering` as the map formatter casts it (API-CONTRACT 6). */
export const clusteringOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** `{id: "<group>", ...keys, url, allowed_privileges}` (API-CONTRACT 6). */
export function presentConfig(base: string, auth: Auth, group: ConfigGroup, values: Record<string, unknown>) {
  const out: Record<string, unknown> = { id: group, ...values };
  if (group === 'map') {
    // The map formatter casts these (API-CONTRACT 6).
    out.clustering = clusteringOn(values.clustering);
    out.cluster_radius = Number(values.cluster_radius);
    out.location_precision = Number(values.location_precision);
  }
  out.url = resourceUrl(base, 'config', group);
  out.allowed_privileges = allowedPrivileges(configRule, auth, { group });
  return out;
}
