import {
  HxlLicenseSchema,
  HxlMetadataSchema,
  HxlOrganisationSchema,
  HxlTagSchema,
  listEnvelope,
  UserSettingSchema,
  type HxlLicense,
  type HxlMetadata,
  type HxlMetadataBody,
  type HxlOrganisation,
  type HxlTag,
  type UserSetting,
} from '@platform/shared';
import { z } from 'zod';
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

const all = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

/** The exchange's licenses (`/hxl/licenses`). */
export const listHxlLicenses = async (api: ApiClient): Promise<HxlLicense[]> =>
  (await api.get('/hxl/licenses', all(HxlLicenseSchema))).results;

/** The caller's organisations on the exchange, asked with their saved key (`/hxl/organisations`). */
export const listHxlOrganisations = async (api: ApiClient): Promise<HxlOrganisation[]> =>
  (await api.get('/hxl/organisations', all(HxlOrganisationSchema))).results;

/** Saves the dataset metadata of an exchange export; the server uploads it once the file is written. */
export const saveHxlMetadata = (api: ApiClient, body: HxlMetadataBody): Promise<HxlMetadata> =>
  api.post('/hxl/metadata', HxlMetadataSchema, { body });

/** The HXL hashtags, each with the field types it fits and its attributes (`/hxl/tags`). */
export const listHxlTags = async (api: ApiClient): Promise<HxlTag[]> => (await api.get('/hxl/tags', all(HxlTagSchema))).results;

/** The dataset metadata saved for one export, with how far its upload went; null when none is saved. */
export const getHxlMetadataOfExport = async (api: ApiClient, exportJobId: number): Promise<HxlMetadata | null> =>
  (await api.get('/hxl/metadata', all(HxlMetadataSchema), { query: { export_job_id: exportJobId } })).results[0] ?? null;
