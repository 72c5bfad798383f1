import { MAX_DB_ID } from '@platform/shared';
import type { Auth } from '../auth/auth';
import { invalid } from './errors';
import { toList } from './query';

/**
 * A list filter of ids (`set=1,2`, `set[]=1`). Anything but a 32-bit id is refused with 422
 * rather than reaching SQL, where a larger number would fail (API-CONTRACT 16).
 */
export function toIdList(value: unknown, resource: string, pointer: string): number[] {
  return toList(value).map((v) => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > MAX_DB_ID) {
      invalid(resource, pointer, `${pointer.slice(1)} must be a list of ids`);
    }
    return n;
  });
}

/**
 * The `user` filter: ids and `me` (the client asks `user=me`, API-CONTRACT 13). `me` without a
 * user (an anonymous client token) matches nobody, so it becomes the impossible id 0.
 */
export function toUserIdList(value: unknown, auth: Auth, resource: string): number[] {
  const values = toList(value);
  const me = values.some((v) => v.toLowerCase() === 'me') ? [auth.userId ?? 0] : [];
  return [
    ...me,
    ...toIdList(
      values.filter((v) => v.toLowerCase() !== 'me'),
      resource,
      '/user',
    ),
  ];
}

/**
 * The owner a create names in `user_id`, read leniently (the body is validated later) so that
 * the 403 for someone else's id is decided before any 422 (API-CONTRACT 0). Defaults to the caller.
 */
export function requestedUserId(body: unknown, auth: Auth): number | null {
  const raw = typeof body === 'object' && body !== null ? (body as { user_id?: unknown }).user_id : undefined;
  const id = typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim())) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID ? id : auth.userId;
}
