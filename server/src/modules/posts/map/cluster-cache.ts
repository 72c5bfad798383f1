import type { StoredEvent } from '../../../events/events.repository';
import { CHANGES_MATCHES } from '../post-events';
import { replacePosts, type MapPoints } from './map-points';

/** Entries kept, least recently used dropped first (one per filter set and kind of caller). */
const MAX_ENTRIES = 16;
/** And never more points than this across them (an index of a million points takes about 100 MB). */
const MAX_POINTS = 4_000_000;
/** A backstop for changes that append no event (a survey's colour or hidden locations). */
const MAX_AGE_MS = 5 * 60_000;
/** Past this many posts changed in one batch of events, the points are loaded again whole. */
export const MAX_PATCHED_POSTS = 1_000;

/** What the cache holds: when it was made. */
export type Cached = { loadedAt: number };
type Points = { points: MapPoints; loadedAt: number };

export type ClusterCacheOptions<Load> = {
  /** The points of the posts `ids` as they are now, loaded the way `load` says (see `points`). */
  reload: (load: Load, ids: number[]) => Promise<MapPoints>;
  now?: () => number;
};

/** The posts a batch of events changed, or null when one of them may change more than its post. */
export function changedPosts(events: StoredEvent[]): Set<number> | null {
  const ids = new Set<number>();
  for (const event of events) {
    const id = Number(event.aggregate_id);
    if (!event.type.startsWith('post.') || event.aggregate_type !== 'post' || !Number.isInteger(id)) return null;
    ids.add(id);
  }
  return ids.size <= MAX_PATCHED_POSTS ? ids : null;
}

/**
 * What events mean for the map: the posts they changed, null when everything must go (a change that
 * may touch more than its posts, or too many posts), undefined when none changes which posts match.
 */
export function postChanges(events: StoredEvent[]): Set<number> | null | undefined {
  const changes = events.filter((event) => CHANGES_MATCHES.test(event.type));
  return changes.length === 0 ? undefined : changedPosts(changes);
}

/**
 * The map's loaded points by kind of caller (and anything else made from posts, by key). Loaded
 * points take in the posts a change touched (`patch`) rather than being loaded again whole; other
 * values go. A value made while posts changed answers its caller but is not kept.
 */
export function createClusterCache<Load>({ reload, now = Date.now }: ClusterCacheOptions<Load>) {
  /** Least recently used first. */
  const cache = new Map<string, Promise<Cached>>();
  /** Points held by each resolved value, for the memory budget. */
  const sizes = new Map<Promise<Cached>, number>();
  /** How each kind of caller's points were loaded, to load a few posts of them again. */
  const loads = new Map<string, Load>();
  let generation = 0;

  /** An entry leaves the cache. */
  function release(pending: Promise<Cached>): void {
    sizes.delete(pending);
  }

  function evict(): void {
    let points = 0;
    for (const pending of cache.values()) points += sizes.get(pending) ?? 0;
    for (const [key, pending] of cache) {
      if (cache.size <= 2 || (cache.size <= MAX_ENTRIES && points <= MAX_POINTS)) break;
      cache.delete(key);
      loads.delete(key);
      points -= sizes.get(pending) ?? 0;
      release(pending);
    }
  }

  function clear(): void {
    generation++;
    for (const pending of cache.values()) release(pending);
    cache.clear();
    loads.clear();
  }

  /**
   * Posts changed: the loaded points of every kind of caller get those posts' points as they are
   * now (one small statement each, chained after any load or patch still running), and everything
   * else made from posts goes. A new filter set under a steady stream of new posts then starts
   * from points in memory, not from loading a million points again.
   */
  function patch(ids: ReadonlySet<number>): void {
    generation++;
    const postIds = [...ids];
    for (const [key, pending] of [...cache]) {
      const load = loads.get(key);
      cache.delete(key);
      release(pending);
      if (load === undefined) continue;
      const patched = (pending as Promise<Points>).then(async (base) => ({
        points: replacePosts(base.points, ids, await reload(load, postIds)),
        loadedAt: base.loadedAt,
      }));
      cache.set(key, patched);
      patched.then(
        (value) => cache.get(key) === patched && sizes.set(patched, value.points.ids.length),
        () => {
          if (cache.get(key) === patched) cache.delete(key);
        },
      );
    }
  }

  /** The cached value of `key`, or a new one from `build` (kept unless a post changed meanwhile). */
  function get<T extends Cached>(key: string, build: () => Promise<T>, size: (value: T) => number): Promise<T> {
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.then((value) => {
        if (now() - value.loadedAt <= MAX_AGE_MS) return value;
        if (cache.get(key) === hit) release(hit);
        return rebuild();
      });
    }
    return rebuild();

    function rebuild(): Promise<T> {
      const started = generation;
      const pending = build();
      cache.set(key, pending);
      evict();
      // A post changed while this was loading: answer with it, but do not keep it.
      pending.then(
        (value) => {
          if (cache.get(key) !== pending) return;
          if (generation !== started) {
            cache.delete(key);
            release(pending);
          } else {
            sizes.set(pending, size(value));
            evict();
          }
        },
        () => {
          if (cache.get(key) === pending) cache.delete(key);
        },
      );
      return pending;
    }
  }

  return {
    get,
    /** A kind of caller's points, loaded by `build` as `load` says; a change of a few posts patches them. */
    points: (key: string, load: Load, build: () => Promise<MapPoints>): Promise<MapPoints> =>
      get<Points>(
        key,
        async () => {
          loads.set(key, load);
          return { points: await build(), loadedAt: now() };
        },
        (value) => value.points.ids.length,
      ).then((value) => value.points),
    clear,
    patch,
  };
}
