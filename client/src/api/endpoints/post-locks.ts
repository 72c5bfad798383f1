import { PostLockResponseSchema, type PostLockResponse } from '@platform/shared';
import type { ApiClient } from '../client';

/** Takes or renews the caller's edit lock on a post (API-CONTRACT 11); refused with 409 while another user holds it. */
export const acquirePostLock = (api: ApiClient, postId: number): Promise<PostLockResponse> =>
  api.put(`/posts/${postId}/lock`, PostLockResponseSchema);

/** Releases a post's lock: the holder leaving the editor, or an administrator's Unlock button. */
export const releasePostLock = (api: ApiClient, postId: number): Promise<PostLockResponse> =>
  api.delete(`/posts/${postId}/lock`, PostLockResponseSchema);
