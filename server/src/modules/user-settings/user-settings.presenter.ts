import type { Auth } from '../../auth/auth';
import { userSettingRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { UserSettingRow } from './user-settings.repository';

/** Values of keys naming an API key are masked but for the last 4 characters, as v3 does. */
function maskedValue(key: string, value: string | null): string | null {
  if (value === null || !key.includes('api')) return value;
  return '*'.repeat(Math.max(value.length - 4, 0)) + value.slice(-4);
}

/** User setting JSON: `{id, url, user: {id,url}, user_id, config_key, config_value, created, updated, allowed_privileges}`. */
export function presentUserSetting(base: string, auth: Auth, setting: UserSettingRow) {
  return {
    id: setting.id,
    url: resourceUrl(base, `users/${setting.user_id}/settings`, setting.id),
    user: ref(base, 'users', setting.user_id),
    // The legacy client's resource addresses `/users/:id/settings/:keyId` with `@user_id`.
    user_id: setting.user_id,
    config_key: setting.config_key,
    config_value: maskedValue(setting.config_key, setting.config_value),
    created: w3c(setting.created),
    updated: w3c(setting.updated),
    allowed_privileges: allowedPrivileges(userSettingRule, auth, { userId: setting.user_id }),
  };
}
