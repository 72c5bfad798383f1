import type { Post, PostLock } from '@platform/shared';
import { useState } from 'react';
import { useServerEvents } from '../../providers/useServerEvents';
import { LOCK_EVENT_TYPES, lockChangeFor, unlocks, type LockChange } from './lock-events';

const lockOf = (change: LockChange): PostLock | null => {
  if (unlocks(change)) return null;
  const { payload } = change;
  return {
    id: payload.lock_id,
    user:
      payload.user_id === null ? null : { id: payload.user_id, url: `/api/v3/users/${payload.user_id}`, realname: payload.user_realname },
    post_id: payload.post_id,
    expires: payload.expires,
  };
};

/**
 * The post with its lock kept current by pushed lock events, so cards and the detail show a lock
 * appear and go at once (spec 2 screens 2 to 4), and the actions that a lock hides come back as soon
 * as it is released, without polling or reloading.
 */
export function useLivePost<P extends Pick<Post, 'id' | 'lock'>>(post: P): P {
  const [seen, setSeen] = useState<{ post: P; lock: PostLock | null | undefined }>({ post, lock: post.lock });
  // A refetched post restarts from its own JSON.
  const current = seen.post === post ? seen : { post, lock: post.lock };
  if (current !== seen) setSeen(current);

  useServerEvents(LOCK_EVENT_TYPES, (event) => {
    const change = lockChangeFor(event, post.id);
    if (change) setSeen((s) => (s.post.id === change.payload.post_id ? { ...s, lock: lockOf(change) } : s));
  });
  return current.lock === post.lock ? post : { ...post, lock: current.lock ?? null };
}
