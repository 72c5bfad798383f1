import type { Auth } from '../../auth/auth';
import { postRule } from '../../auth/policy/posts.policy';
import type { StoredEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import type { PostAudienceState } from './post-events';

const mayRead = (auth: Auth, state: PostAudienceState | null) => state !== null && postRule(auth, 'read', { ...state, form: null });

/**
 * A lock event reaches the sockets whose caller may read the post as it was when the lock changed
 * (the same rule as post events), read from the event's unpushed `data`.
 */
export function postLockAudience(): Audience<PostAudienceState | null> {
  return {
    load: (event: StoredEvent) => event.logged.current as PostAudienceState | null,
    canRead: (auth, _event, audience) => mayRead(auth, audience),
  };
}
