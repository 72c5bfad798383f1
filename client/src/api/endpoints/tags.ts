import { listEnvelope, TagSchema, type Tag } from '@platform/shared';
import type { ApiClient } from '../client';

const TagList = listEnvelope(TagSchema);

/** What the category editor sends (API-CONTRACT 14.2): the slug follows the name on the server. */
export type TagBody = {
  tag: string;
  description: string | null;
  color: string | null;
  parent_id: number | null;
  role: string[] | null;
};

export const listTags = async (api: ApiClient): Promise<Tag[]> =>
  (await api.get('/tags', TagList, { query: { orderby: 'priority', order: 'asc' } })).results;
export const getTag = (api: ApiClient, id: number): Promise<Tag> => api.get(`/tags/${id}`, TagSchema);
export const createTag = (api: ApiClient, body: TagBody): Promise<Tag> => api.post('/tags', TagSchema, { body });
export const updateTag = (api: ApiClient, id: number, body: TagBody): Promise<Tag> => api.put(`/tags/${id}`, TagSchema, { body });
export const deleteTag = (api: ApiClient, id: number): Promise<Tag> => api.delete(`/tags/${id}`, TagSchema);
