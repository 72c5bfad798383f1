import {
  AttributeSchema,
  FormSchema,
  listEnvelope,
  MediaSchema,
  PostGeoJsonSchema,
  PostSchema,
  StageSchema,
  TagSchema,
  TOTAL_COUNT_KIND_HEADER,
  TOTAL_COUNT_KINDS,
  type Attribute,
  type Form,
  type Media,
  type Post,
  type PostGeoJson,
  type PostStatus,
  type Stage,
  type Tag,
  type TotalCountKind,
} from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';
import type { Query } from '../query';

/** Releases every post lock the caller holds; failures are ignored like the legacy client does (API-CONTRACT 11). */
export async function releaseMyPostLocks(api: ApiClient, token: string): Promise<void> {
  try {
    await api.send('DELETE', '/posts/lock', { token });
  } catch {
    // Nothing to release, or the endpoint is unavailable: logging out must go on.
  }
}

const Total = z.looseObject({ total_count: z.number().int() });

/** Total posts of every status: what the demo plan's 25-post limit counts (spec 1 section 4). */
export async function countAllPosts(api: ApiClient): Promise<number> {
  const page = await api.get('/posts', Total, {
    query: { limit: 1, status: ['published', 'draft', 'archived'] },
    ignore403: true,
  });
  return page.total_count;
}

export const PostListSchema = listEnvelope(PostSchema);
export type PostList = z.infer<typeof PostListSchema>;

/**
 * The data view's query without filters (spec 2 section 9, API-CONTRACT 8.4): newest created
 * first, published and under-review posts, every source.
 */
export const DEFAULT_POST_QUERY = {
  orderby: 'created',
  order: 'desc',
  order_unlocked_on_top: 'true',
  status: ['published', 'draft'],
  has_location: 'all',
  source: ['sms', 'twitter', 'web', 'email'],
} as const satisfies Query;

/** A page of posts and how its `total_count` was counted (exact, a capped "at least", or an estimate). */
export type PostPage = PostList & { total_count_kind: TotalCountKind };

const countKind = (value: string | null): TotalCountKind => TOTAL_COUNT_KINDS.find((kind) => kind === value) ?? 'exact';

export async function listPosts(api: ApiClient, query: Query): Promise<PostPage> {
  let kind: TotalCountKind = 'exact';
  const page = await api.get('/posts', PostListSchema, {
    query,
    ignore403: true,
    onHeaders: (headers) => (kind = countKind(headers.get(TOTAL_COUNT_KIND_HEADER))),
  });
  return { ...page, total_count_kind: kind };
}

/** Which of `ids` match `query` (the `post_id` filter of API-CONTRACT 8.4): how pushed ids are checked. */
export async function postsMatching(api: ApiClient, ids: readonly number[], query: Query): Promise<Post[]> {
  if (ids.length === 0) return [];
  const { limit: _limit, offset: _offset, ...filters } = query;
  const page = await listPosts(api, { ...filters, post_id: ids.map(String), limit: ids.length, offset: 0 });
  return page.results;
}

export const getPost = (api: ApiClient, id: number): Promise<Post> => api.get(`/posts/${id}`, PostSchema, { ignore403: true });

export const getPostGeoJson = (api: ApiClient, id: number): Promise<PostGeoJson> =>
  api.get(`/posts/${id}/geojson`, PostGeoJsonSchema, { ignore403: true });

/** A partial update: fields not sent keep their value (API-CONTRACT 8.3). */
const savePostFields = async (api: ApiClient, id: number, body: Record<string, unknown>): Promise<Post | null> =>
  (await api.put(`/posts/${id}`, z.union([PostSchema, z.undefined()]), { body })) ?? null;

export const setPostStatus = (api: ApiClient, id: number, status: PostStatus) => savePostFields(api, id, { status });
export const setCompletedStages = (api: ApiClient, id: number, stages: number[]) => savePostFields(api, id, { completed_stages: stages });
export const removePost = (api: ApiClient, id: number): Promise<Post> => api.delete(`/posts/${id}`, PostSchema);

/** A post's survey as browsing needs it: name, colour, tasks and fields; cached like the legacy client. */
export type PostSurvey = { form: Form; stages: Stage[]; attributes: Attribute[] };

export async function getPostSurvey(api: ApiClient, formId: number): Promise<PostSurvey> {
  const order = { order: 'asc', orderby: 'priority' };
  const [form, stages, attributes] = await Promise.all([
    api.cached(`/forms/${formId}`, FormSchema, { ignore403: true }),
    api.cached(`/forms/${formId}/stages`, listEnvelope(StageSchema), { query: order, ignore403: true }),
    api.cached(`/forms/${formId}/attributes`, listEnvelope(AttributeSchema), { query: order, ignore403: true }),
  ]);
  return { form, stages: stages.results, attributes: attributes.results };
}

export const getMediaCached = (api: ApiClient, id: number): Promise<Media> => api.cached(`/media/${id}`, MediaSchema, { ignore403: true });

export const listTagsCached = async (api: ApiClient): Promise<Tag[]> =>
  (await api.cached('/tags', listEnvelope(TagSchema), { ignore403: true })).results;

const UserName = z.looseObject({ id: z.number().int(), realname: z.string().nullable() });

/** An author's name: only those with Manage Users (or the author) may load the record (spec 2 section 6). */
export const getUserNameCached = async (api: ApiClient, id: number): Promise<string | null> =>
  (await api.cached(`/users/${id}`, UserName, { ignore403: true })).realname;
