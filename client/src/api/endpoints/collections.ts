import { CollectionSchema, listEnvelope, PostSchema, type Collection, type Post } from '@platform/shared';
import type { ApiClient } from '../client';

const CollectionList = listEnvelope(CollectionSchema);

/** What the collection and saved search editors send (API-CONTRACT 12); saved searches add their filter. */
export type SetInput = {
  name: string;
  description: string;
  view: string;
  role: string[] | null;
  featured?: boolean;
};

/** Featured first, then newest (the client's `orderby=created&order=DESC`); `editableBy=me` for pickers. */
export async function listCollections(api: ApiClient, options: { q?: string; editableByMe?: boolean } = {}): Promise<Collection[]> {
  const query = { orderby: 'created', order: 'desc', q: options.q || undefined, editableBy: options.editableByMe ? 'me' : undefined };
  return (await api.get('/collections', CollectionList, { query, ignore403: true })).results;
}

export const getCollection = (api: ApiClient, id: number): Promise<Collection> =>
  api.get(`/collections/${id}`, CollectionSchema, { ignore403: true });

export const createCollection = (api: ApiClient, body: SetInput): Promise<Collection> =>
  api.post('/collections', CollectionSchema, { body });

export const updateCollection = (api: ApiClient, id: number, body: SetInput): Promise<Collection> =>
  api.put(`/collections/${id}`, CollectionSchema, { body });

export const deleteCollection = (api: ApiClient, id: number): Promise<unknown> =>
  api.delete(`/collections/${id}`, CollectionSchema, { ignore403: true });

export const addPostToCollection = (api: ApiClient, id: number, postId: number): Promise<Post> =>
  api.post(`/collections/${id}/posts`, PostSchema, { body: { id: postId } });

export const removePostFromCollection = (api: ApiClient, id: number, postId: number): Promise<Post> =>
  api.delete(`/collections/${id}/posts/${postId}`, PostSchema);
