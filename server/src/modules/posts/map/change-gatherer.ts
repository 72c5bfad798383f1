import type { StoredEvent } from '../../../events/events.repository';
import { MAX_PATCHED_POSTS, postChanges } from './cluster-cache';

export type ChangeGathererOptions = {
  /** How long changes gather before they are taken in unasked. */
  gatherMs: number;
  /** The posts changed since the last call, for the kept points and indexes to take in. */
  takeIn: (ids: ReadonlySet<number>) => void;
  /** Everything kept must go: a change that may touch more than its posts, or too many posts. */
  clear: () => void;
};

/**
 * Post changes heard from the log, gathered for a moment before the map's kept points and indexes
 * take them in: each taking-in is one statement per kept index, and under a stream of writes the
 * log hands out a batch every few milliseconds. A request takes in what has gathered before it
 * reads (`flush`), so an answer still holds every change heard before it was asked for.
 */
export function createChangeGatherer({ gatherMs, takeIn, clear }: ChangeGathererOptions) {
  let gathered: Set<number> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function drop(): void {
    clearTimeout(timer);
    timer = undefined;
    gathered = null;
  }

  function flush(): void {
    const ids = gathered;
    drop();
    if (ids) takeIn(ids);
  }

  return {
    heard(events: StoredEvent[]): void {
      const posts = postChanges(events);
      if (posts === undefined) return;
      if (posts !== null) {
        gathered ??= new Set();
        for (const id of posts) gathered.add(id);
      }
      if (posts === null || gathered!.size > MAX_PATCHED_POSTS) {
        drop();
        clear();
        return;
      }
      if (timer === undefined) {
        timer = setTimeout(flush, gatherMs);
        timer.unref();
      }
    },
    flush,
    /** What has gathered goes unheeded (everything kept was dropped anyway, or the service closes). */
    drop,
  };
}
