import type { Auth } from '../../auth/auth';
import { postRule } from '../../auth/policy/posts.policy';
import type { Db } from '../../db/database';
import type { StoredEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import type { PostAudienceState } from './post-events';
import type { LockEventData } from './post-locks.service';

const mayRead = (auth: Auth, state: PostAudienceState | null) => state !== null && postRule(auth, 'read', { ...state, form: null });

/**
 * A lock event reaches the sockets whose caller may read the post as it was when the lock changed
 * (the same rule as post events), read from the event's unpushed `data`.
 */
export function postLockAudience(db: Db): Audience<PostAudienceState | null> {
  return {
    async load(event: StoredEvent) {
      if (event.logged) return event.logged.current as PostAudienceState | null;
      const row = await db.selectFrom('events').select('data').where('id', '=', event.id).executeTakeFirst();
      return (row?.data as Partial<LockEventData> | null | undefined)?.audience ?? null;
    },
    canRead: (auth, _event, audience) => mayRead(auth, audience),
  };
}
