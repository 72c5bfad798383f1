import type { Auth } from '../../auth/auth';
import { postRule } from '../../auth/policy/posts.policy';
import type { Db } from '../../db/database';
import type { StoredEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import type { PostAudienceState, PostEventData } from './post-events';

type Loaded = { current: PostAudienceState | null; previous: PostAudienceState | null };

const mayRead = (auth: Auth, state: PostAudienceState | null) => state !== null && postRule(auth, 'read', { ...state, form: null });

/**
 * A post event reaches a socket only if its caller may read the post as the event left it
 * (drafts to their author and managers, `published_to` roles, private deployments), or could read
 * it just before (so a post that was unpublished disappears from their screen too). The owner is
 * read from the event's unpushed `data`, because the payload hides authors of some surveys; for
 * `post.deleted` that is the snapshot taken before the delete.
 */
export function postAudience(db: Db): Audience<Loaded> {
  return {
    async load(event: StoredEvent): Promise<Loaded> {
      if (event.logged) {
        return { current: event.logged.current as PostAudienceState | null, previous: event.logged.previous as PostAudienceState | null };
      }
      const row = await db.selectFrom('events').select('data').where('id', '=', event.id).executeTakeFirst();
      const data = row?.data as Partial<PostEventData> | null | undefined;
      return { current: data?.audience ?? null, previous: data?.previous ?? null };
    },
    canRead: (auth, _event, loaded) => mayRead(auth, loaded.current) || mayRead(auth, loaded.previous),
  };
}
