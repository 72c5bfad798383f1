import { z } from 'zod';
import { RefSchema } from './common';
import { listQuery, queryWords } from './list-query';

/** The keys the humanitarian data exchange export reads (spec 3 section 3). */
export const USER_SETTING_KEYS = ['hdx_api_key', 'hdx_maintainer_id'] as const;
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number];

export const USER_SETTING_VALUE_MIN = 3;
export const USER_SETTING_VALUE_MAX = 255;

export const UserSettingMessages = {
  keyRequired: 'config_key is required',
  keyInvalid: `config_key must be one of ${USER_SETTING_KEYS.join(', ')}`,
  valueRequired: 'config_value is required',
  valueInvalid: 'config_value must be text',
  valueTooShort: `config_value must be at least ${USER_SETTING_VALUE_MIN} characters long`,
  valueTooLong: `config_value must be at most ${USER_SETTING_VALUE_MAX} characters long`,
  // The server's own wording for a second value of one key (resources/lang/en/user_setting.php).
  duplicate: (userId: number, key: string) => `The user id, ${userId}, and config key, ${key}, already exist`,
} as const;
const M = UserSettingMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

const ConfigKey = z.enum(USER_SETTING_KEYS, { error: (iss) => (missing(iss) ? M.keyRequired : M.keyInvalid) });
const ConfigValue = z
  .string({ error: (iss) => (missing(iss) ? M.valueRequired : M.valueInvalid) })
  .trim()
  .min(1, M.valueRequired)
  .min(USER_SETTING_VALUE_MIN, M.valueTooShort)
  .max(USER_SETTING_VALUE_MAX, M.valueTooLong);

/** `user_id` in the body is ignored: the path names the user (`/users/{user_id}/settings`). */
export const CreateUserSettingBody = z.object({ config_key: ConfigKey, config_value: ConfigValue });
export type CreateUserSettingBody = z.infer<typeof CreateUserSettingBody>;

export const UpdateUserSettingBody = z.object({ config_key: ConfigKey.optional(), config_value: ConfigValue.optional() });
export type UpdateUserSettingBody = z.infer<typeof UpdateUserSettingBody>;

export const UserSettingSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: RefSchema,
  user_id: z.number().int(),
  config_key: z.string(),
  /** Keys naming an API key are shown masked but for their last 4 characters, as in v3. */
  config_value: z.string().nullable(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type UserSetting = z.infer<typeof UserSettingSchema>;

export const USER_SETTING_SORTABLE = ['id', 'config_key', 'created', 'updated'] as const;

/** `GET /users/{id}/settings`, filtered by `config_key` (API-CONTRACT 5). */
export const UserSettingListQuery = listQuery({ sortable: USER_SETTING_SORTABLE, orderby: 'id' }, { config_key: queryWords });
export type UserSettingListQuery = z.infer<typeof UserSettingListQuery>;
