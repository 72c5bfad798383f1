import { listEnvelope, MediaSchema, PostSchema, type Media, type Post } from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';

const Privileges = z.object({ allowed_privileges: z.array(z.string()) });
const RelationResults = listEnvelope(z.looseObject({ id: z.number().int(), title: z.string() }));

/** The post as its editor loads it (API-CONTRACT 8.2). */
export const loadPost = (api: ApiClient, id: number): Promise<Post> => api.get(`/posts/${id}`, PostSchema);

/** `OPTIONS /posts` (unsaved post) or `/posts/{id}`: what the caller may do (API-CONTRACT 8.5). */
export async function postPrivileges(api: ApiClient, id?: number): Promise<string[]> {
  return (await api.request('OPTIONS', id ? `/posts/${id}` : '/posts', Privileges, { ignore403: true })).allowed_privileges;
}

/** A new post; null when the server answers 204 because the caller may not read it (API-CONTRACT 8.5). */
export async function createPost(api: ApiClient, body: Record<string, unknown>): Promise<Post | null> {
  return (await api.post('/posts', z.union([PostSchema, z.undefined()]), { body })) ?? null;
}

/** `values`, lists and `completed_stages` replace the stored ones (API-CONTRACT 8.3). */
export async function updatePost(api: ApiClient, id: number, body: Record<string, unknown>): Promise<Post | null> {
  return (await api.put(`/posts/${id}`, z.union([PostSchema, z.undefined()]), { body })) ?? null;
}

export const deletePost = (api: ApiClient, id: number): Promise<Post> => api.delete(`/posts/${id}`, PostSchema);

/** Relation picker: posts whose title or content contains `q`, optionally of some surveys only. */
export async function searchRelatedPosts(api: ApiClient, q: string, forms: readonly number[]): Promise<{ id: number; title: string }[]> {
  const query: Record<string, string | number | string[]> = {
    q,
    limit: 10,
    orderby: 'created',
    order: 'desc',
    status: ['published', 'draft'],
  };
  if (forms.length > 0) query.form = forms.map(String);
  return (await api.get('/posts', RelationResults, { query })).results.map((p) => ({ id: p.id, title: p.title }));
}

export const getMedia = (api: ApiClient, id: number): Promise<Media> => api.get(`/media/${id}`, MediaSchema);
export const updateMediaCaption = (api: ApiClient, id: number, caption: string | null): Promise<Media> =>
  api.put(`/media/${id}`, MediaSchema, { body: { caption } });
export const deleteMedia = (api: ApiClient, id: number): Promise<Media> => api.delete(`/media/${id}`, MediaSchema);

const GeocodeResults = z.array(
  z.object({ display_name: z.string(), lat: z.union([z.string(), z.number()]), lon: z.union([z.string(), z.number()]) }),
);
export type Place = { name: string; lat: number; lon: number };

/** Location search (contracts-extra: `GET /geocode?q=`), Nominatim's shape with lat/lon as strings. */
export async function geocode(api: ApiClient, q: string, signal?: AbortSignal): Promise<Place[]> {
  const results = await api.get('/geocode', GeocodeResults, { query: { q, limit: 8 }, signal, ignore403: true });
  return results
    .map((r) => ({ name: r.display_name, lat: Number(r.lat), lon: Number(r.lon) }))
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon));
}
