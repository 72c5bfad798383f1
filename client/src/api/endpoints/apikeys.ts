import { ApiKeySchema, listEnvelope, type ApiKey } from '@platform/shared';
import type { ApiClient } from '../client';

const ApiKeyList = listEnvelope(ApiKeySchema);

/** The deployment's key: the first one, as the legacy settings screen shows (API-CONTRACT 14.7). */
export async function currentApiKey(api: ApiClient): Promise<ApiKey | null> {
  return (await api.get('/apikeys', ApiKeyList, { query: { limit: 1 } })).results[0] ?? null;
}

/** POST makes the first key; PUT makes a new value for an existing one (the body is ignored). */
export function generateApiKey(api: ApiClient, existing: ApiKey | null): Promise<ApiKey> {
  return existing ? api.put(`/apikeys/${existing.id}`, ApiKeySchema, { body: {} }) : api.post('/apikeys', ApiKeySchema, { body: {} });
}
