import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { ProviderDefinition } from './datasources.providers';

/** `{id, url, name, options, services, inbound_fields, allowed_privileges}` (API-CONTRACT 14.8); read-only. */
export function presentProvider(base: string, auth: Auth, provider: ProviderDefinition) {
  return {
    id: provider.id,
    url: resourceUrl(base, 'dataproviders', provider.id),
    name: provider.name,
    services: provider.services,
    options: provider.options,
    inbound_fields: provider.inboundFields,
    allowed_privileges: allowedPrivileges(settingsResourceRule, auth, provider, ['read', 'search']),
  };
}
