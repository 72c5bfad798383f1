import type { Auth } from '../../auth/auth';
import { postRule } from '../../auth/policy/posts.policy';
import type { StoredEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import type { PostAudienceState } from './post-events';

type Loaded = { current: PostAudienceState | null; previous: PostAudienceState | null };

const mayRead = (auth: Auth, state: PostAudienceState | null) => state !== null && postRule(auth, 'read', { ...state, form: null });

/**
 * A post event reaches a socket only if its caller may read the post as the event left it
 * (drafts to their author and managers, `published_to` roles, private deployments), or could read
 * it just before (so a post that was unpublished disappears from their screen too). The owner is
 * as the event logged it (`data.audience`, never pushed), because the payload hides authors of some surveys; for
 * `post.deleted` that is the snapshot taken before the delete.
 */
export function postAudience(): Audience<Loaded> {
  return {
    load: (event: StoredEvent): Loaded => ({
      current: event.logged.current as PostAudienceState | null,
      previous: event.logged.previous as PostAudienceState | null,
    }),
    canRead: (auth, _event, loaded) => mayRead(auth, loaded.current) || mayRead(auth, loaded.previous),
  };
}
