import { z } from 'zod';
import type { ApiClient } from '../client';

const ProviderOptionSchema = z.looseObject({
  label: z.string(),
  input: z.string(),
  description: z.string().default(''),
  rules: z.array(z.string()).optional(),
  options: z.array(z.string()).optional(),
});
export type ProviderOption = z.infer<typeof ProviderOptionSchema>;

const DataProviderSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  services: z.array(z.string()).default([]),
  options: z.record(z.string(), ProviderOptionSchema),
  inbound_fields: z.record(z.string(), z.string()),
});
export type DataProvider = z.infer<typeof DataProviderSchema>;

const DataProviderList = z.looseObject({ results: z.array(DataProviderSchema) });

/** `config/data-provider`: the switches map and one settings object per provider (API-CONTRACT 6, 14.8). */
const ProviderConfigSchema = z.looseObject({
  id: z.string(),
  providers: z.record(z.string(), z.unknown()).default({}),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

export const listDataProviders = async (api: ApiClient): Promise<DataProvider[]> =>
  (await api.get('/dataproviders', DataProviderList)).results;

export const getProviderConfig = (api: ApiClient): Promise<ProviderConfig> => api.get('/config/data-provider', ProviderConfigSchema);

/**
 * Saves part of `config/data-provider`. The server merges the `providers` switches sent into the
 * stored map, so sending one provider's switch never turns another off (two admins, two screens).
 */
export const saveProviderConfig = (api: ApiClient, body: Record<string, unknown>): Promise<ProviderConfig> =>
  api.put('/config/data-provider', ProviderConfigSchema, { body });
