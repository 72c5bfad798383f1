import { listEnvelope, UserSettingSchema, type UserSetting } from '@platform/shared';
import type { ApiClient } from '../client';

const UserSettingList = listEnvelope(UserSettingSchema);

/** The caller's own exchange settings (`hdx_maintainer_id`, `hdx_api_key`, the key masked by the API). */
export const listMyExchangeSettings = async (api: ApiClient): Promise<UserSetting[]> =>
  (await api.get('/users/me/settings', UserSettingList, { query: { config_key: 'hdx_maintainer_id,hdx_api_key' } })).results;

/** Creates the setting, or changes the one the caller already has. */
export const saveMyExchangeSetting = (
  api: ApiClient,
  existing: UserSetting | undefined,
  key: string,
  value: string,
): Promise<UserSetting> =>
  existing
    ? api.put(`/users/me/settings/${existing.id}`, UserSettingSchema, { body: { config_value: value } })
    : api.post('/users/me/settings', UserSettingSchema, { body: { config_key: key, config_value: value } });
