import { ConfigListSchema, FeaturesConfigSchema, MapConfigSchema, SiteConfigSchema, type ConfigGroup } from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';

export type AppConfig = {
  site: z.infer<typeof SiteConfigSchema>;
  features: z.infer<typeof FeaturesConfigSchema>;
  map: z.infer<typeof MapConfigSchema> | null;
};

/**
 * Bootstrap: `GET /config` answers a results list of every group the caller may read. `fresh`
 * skips the API client's short-lived copy (a read that follows a change).
 */
export async function loadConfig(api: ApiClient, { fresh = false } = {}): Promise<AppConfig> {
  const list = fresh ? await api.get('/config', ConfigListSchema) : await api.cached('/config', ConfigListSchema);
  const group = (id: string) => list.results.find((g) => g.id === id);
  const map = group('map');
  return {
    site: SiteConfigSchema.parse(group('site') ?? { id: 'site' }),
    features: FeaturesConfigSchema.parse(group('features') ?? { id: 'features' }),
    map: map ? MapConfigSchema.parse(map) : null,
  };
}

export function updateConfig(api: ApiClient, group: ConfigGroup, body: Record<string, unknown>) {
  return api.put(`/config/${group}`, z.looseObject({ id: z.string() }), { body });
}

/** One group, fresh from the server (settings screens edit what is stored now, not the cached copy). */
export function getSiteConfig(api: ApiClient) {
  return api.get('/config/site', SiteConfigSchema);
}

export function getMapConfig(api: ApiClient) {
  return api.get('/config/map', MapConfigSchema);
}
