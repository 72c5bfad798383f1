import type { Db } from '../../db/database';
import type { StoredEvent } from '../../events/events.repository';
import type { Audience } from '../../realtime/audience';
import { setRule, type SetAccess } from './sets.policy';

/** What the event log keeps of a set's change (never pushed): who could see it after and before. */
export type SetEventData = { access: NonNullable<SetAccess>; previous: NonNullable<SetAccess> };

type Loaded = { current: SetAccess; previous: SetAccess };

/**
 * A collection or saved search changed or went: the event reaches those who may read it as the
 * change left it, or could before (a set narrowed to other roles is gone from their screen too).
 */
export function setAudience(db: Db): Audience<Loaded> {
  return {
    async load(event: StoredEvent): Promise<Loaded> {
      const row = await db.selectFrom('events').select('data').where('id', '=', event.id).executeTakeFirst();
      const data = row?.data as Partial<SetEventData> | null | undefined;
      return { current: data?.access ?? null, previous: data?.previous ?? null };
    },
    canRead: (auth, _event, loaded) =>
      (loaded.current !== null && setRule(auth, 'read', loaded.current)) ||
      (loaded.previous !== null && setRule(auth, 'read', loaded.previous)),
  };
}
