import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl, w3c } from '../../http/urls';
import type { ApiKeyRow } from './apikeys.repository';

/** API key JSON (API-CONTRACT 14.7): `{id, url, api_key, created, updated, allowed_privileges}`. */
export function presentApiKey(base: string, auth: Auth, key: ApiKeyRow) {
  return {
    id: key.id,
    url: resourceUrl(base, 'apikeys', key.id),
    api_key: key.api_key,
    created: w3c(key.created),
    updated: w3c(key.updated),
    allowed_privileges: allowedPrivileges(settingsResourceRule, auth, key),
  };
}
