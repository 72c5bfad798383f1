import type { PostLock, PostLockResponse } from '@platform/shared';
import { epochSeconds, resourceUrl } from '../../http/urls';
import type { LockRow } from './post-locks.repository';

const holder = (base: string, lock: LockRow) => ({
  id: lock.user_id,
  url: resourceUrl(base, 'users', lock.user_id),
  realname: lock.realname,
});

/** A lock as `GET /posts/{id}` shows it to managers (API-CONTRACT 11). */
export const presentPostLock = (base: string, lock: LockRow): PostLock => ({
  id: lock.id,
  user: holder(base, lock),
  post_id: lock.post_id,
  expires: epochSeconds(lock.expires) ?? 0,
});

/** The lock answer of `PUT` and `DELETE /posts/{id}/lock`. */
export const presentLockResponse = (base: string, lock: LockRow, privileges: string[]): PostLockResponse => ({
  id: lock.id,
  url: `${resourceUrl(base, 'posts', lock.post_id)}/lock`,
  user: holder(base, lock),
  post_id: lock.post_id,
  expires: epochSeconds(lock.expires) ?? 0,
  allowed_privileges: privileges,
});
