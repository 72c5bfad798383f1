import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { CountryCodeRow } from './country-codes.repository';

/** Country code JSON (API-CONTRACT 14.9). Only reads exist, so only read and search are offered. */
export function presentCountryCode(base: string, auth: Auth, row: CountryCodeRow) {
  return {
    id: row.id,
    url: resourceUrl(base, 'country-codes', row.id),
    country_name: row.country_name,
    dial_code: row.dial_code,
    country_code: row.country_code,
    allowed_privileges: allowedPrivileges(settingsResourceRule, auth, row, ['read', 'search']),
  };
}
