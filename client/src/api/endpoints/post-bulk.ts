import { PostBulkResultSchema, type PostBulkBody, type PostBulkResult } from '@platform/shared';
import type { ApiClient } from '../client';

/** `POST /posts/bulk`: one action on many posts in one request (spec 2 screen 17). */
export const bulkPosts = (api: ApiClient, body: PostBulkBody): Promise<PostBulkResult> =>
  api.post('/posts/bulk', PostBulkResultSchema, { body });
