import { listEnvelope, SavedSearchSchema, type SavedSearch } from '@platform/shared';
import type { ApiClient } from '../client';
import type { SetInput } from './collections';

const SavedSearchList = listEnvelope(SavedSearchSchema);

/** Featured first, then newest (API-CONTRACT 12): every saved search the caller may see. */
export async function listSavedSearches(api: ApiClient, options: { q?: string } = {}): Promise<SavedSearch[]> {
  const query = { orderby: 'created', order: 'desc', q: options.q || undefined };
  return (await api.get('/savedsearches', SavedSearchList, { query, ignore403: true })).results;
}

export const getSavedSearch = (api: ApiClient, id: number): Promise<SavedSearch> =>
  api.get(`/savedsearches/${id}`, SavedSearchSchema, { ignore403: true });

export const createSavedSearch = (api: ApiClient, body: SetInput & { filter: Record<string, unknown> }): Promise<SavedSearch> =>
  api.post('/savedsearches', SavedSearchSchema, { body });

export const updateSavedSearch = (
  api: ApiClient,
  id: number,
  body: Partial<SetInput> & { filter?: Record<string, unknown> },
): Promise<SavedSearch> => api.put(`/savedsearches/${id}`, SavedSearchSchema, { body });

export const deleteSavedSearch = (api: ApiClient, id: number): Promise<unknown> =>
  api.delete(`/savedsearches/${id}`, SavedSearchSchema, { ignore403: true });
