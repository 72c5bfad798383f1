import type { GridPoints } from './grid-index';

/** Indexes kept, least recently used dropped first (one per filter set, kind of caller and radius). */
const MAX_GRIDS = 8;
/** And never more points than this across them. */
const MAX_POINTS = 4_000_000;
/** A backstop for changes that append no event (a survey's colour or hidden locations). */
const MAX_AGE_MS = 5 * 60_000;

/** What a kept index needs from the clustering thread. */
export type GridThread = {
  update: (index: number, removed: Int32Array, added: GridPoints) => Promise<number>;
  drop: (index: number) => void;
};

/** A new index: its number in the thread and how many points it holds. */
export type BuiltGrid = { handle: number; points: number };

type Grid = {
  /** The index's number once it is built and has taken in every change queued before now. */
  ready: Promise<number>;
  points: number;
  builtAt: number;
  /** The changed posts' points now, as this index's filters and caller see them. */
  reload: (ids: number[]) => Promise<GridPoints>;
};

/**
 * The map's cluster indexes by key, kept up to date in place (issue 27). Posts changed: each index
 * is given their points as they are now, after whatever it was already taking in, so a viewport
 * asked for after a change waits for a small statement and a few cells, never for a rebuild. A
 * change that may touch more than its posts drops them all (`clear`).
 */
export function createClusterGrids(thread: GridThread, now: () => number = Date.now) {
  const grids = new Map<string, Grid>();

  function forget(key: string, grid: Grid): void {
    if (grids.get(key) !== grid) return;
    grids.delete(key);
    grid.ready.then(
      (handle) => thread.drop(handle),
      () => undefined,
    );
  }

  function evict(): void {
    let points = 0;
    for (const grid of grids.values()) points += grid.points;
    for (const [key, grid] of grids) {
      if (grids.size <= 1 || (grids.size <= MAX_GRIDS && points <= MAX_POINTS)) break;
      points -= grid.points;
      forget(key, grid);
    }
  }

  function start(key: string, build: () => Promise<BuiltGrid>, reload: Grid['reload']): Grid {
    const grid: Grid = { ready: Promise.resolve(-1), points: 0, builtAt: now(), reload };
    grid.ready = build().then(({ handle, points }) => {
      grid.points = points;
      evict();
      return handle;
    });
    grid.ready.catch(() => forget(key, grid));
    grids.set(key, grid);
    evict();
    return grid;
  }

  return {
    /**
     * The index of `key`, ready with every change that arrived before this call; built by `build`
     * when there is none (or it is older than the backstop), then kept up to date with `reload`.
     */
    get(key: string, build: () => Promise<BuiltGrid>, reload: Grid['reload']): Promise<number> {
      const kept = grids.get(key);
      if (kept && now() - kept.builtAt <= MAX_AGE_MS) {
        grids.delete(key);
        grids.set(key, kept);
        return kept.ready;
      }
      if (kept) forget(key, kept);
      return start(key, build, reload).ready;
    },

    /** Posts changed: every index takes in their points as they are now. */
    changed(ids: ReadonlySet<number>): void {
      const postIds = [...ids];
      for (const [key, grid] of grids) {
        grid.ready = grid.ready.then(async (handle) => {
          const added = await grid.reload(postIds);
          grid.points = await thread.update(handle, Int32Array.from(postIds), added);
          return handle;
        });
        // An index that could not take a change in is not kept: the next request builds it again.
        grid.ready.catch(() => forget(key, grid));
      }
    },

    /** Everything goes (a change that may touch more than its posts, settings, a dead thread). */
    clear(): void {
      for (const [key, grid] of [...grids]) forget(key, grid);
    },

    /** Indexes kept (tests). */
    get size(): number {
      return grids.size;
    },
  };
}
