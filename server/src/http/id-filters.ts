import { isDbId } from '@platform/shared';
import type { Auth } from '../auth/auth';

/**
 * The `user` filter's ids with `me` (the client asks `user=me`, API-CONTRACT 13) made the caller.
 * `me` without a user (an anonymous client token) matches nobody, so it becomes the impossible id 0.
 */
export const withMe = (ids: ReadonlyArray<number | 'me'>, auth: Auth): number[] => ids.map((id) => (id === 'me' ? (auth.userId ?? 0) : id));

/**
 * The owner a create names in `user_id`, read leniently (the body is validated later) so that
 * the 403 for someone else's id is decided before any 422 (API-CONTRACT 0). Defaults to the caller.
 */
export function requestedUserId(body: unknown, auth: Auth): number | null {
  const raw = typeof body === 'object' && body !== null ? (body as { user_id?: unknown }).user_id : undefined;
  const id = typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim())) ? Number(raw) : NaN;
  return isDbId(id) ? id : auth.userId;
}
