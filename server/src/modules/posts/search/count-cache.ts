import type { TotalCountKind } from '@platform/shared';
import type { EventReader } from '../../../events/event-reader';
import { dropOldest } from '../../../http/read-cache';
import { CHANGES_MATCHES } from '../post-events';

type EventSource = Pick<EventReader, 'subscribe'>;

export type KnownCount = { total: number; kind: Exclude<TotalCountKind, 'estimate'> };

export type CountCache = {
  get: (key: string) => KnownCount | null;
  /** Where the posts stand now; a count started then is kept only if no post changed since. */
  version: () => number;
  set: (key: string, count: KnownCount, since: number) => void;
  /**
   * Counts in the background (one run at a time) and keeps the answer for the next request, from
   * the second time a filter's count runs out of its budget.
   */
  fill: (key: string, count: () => Promise<KnownCount>) => void;
  /**
   * Whether counts of this kind of search (`shapeKey`) ran out of their budget lately: the
   * estimate answers at once instead of a count that would fail again (a visitor's own radius
   * next to the last one's, asked once each).
   */
  hopeless: (shape: string) => boolean;
  /** A count of this kind of search ran out of its budget. */
  ranOut: (shape: string) => void;
};

const MAX_ENTRIES = 1_000;
/**
 * Counts finished in the background at once per node. A stream of filters never asked before (a
 * bench of new radii: p95 367 ms with a count each) must not turn into as many full counts beside
 * the requests; the others keep their estimate.
 */
const MAX_RUNNING = 1;
/**
 * Filters whose count ran out of its budget once, remembered so that the second time starts the
 * background count: a filter asked once (another visitor's own radius) costs no full count, one
 * asked again ("load more", a shared link, a return to the list) gets it. Oldest forgotten first.
 */
const MAX_MISSED = 1_000;
/** A backstop for changes that append no event (a survey's roles or hidden fields). */
const MAX_AGE_MS = 5 * 60_000;
/**
 * How long a kind of search whose count ran out of its budget skips counting. A count that fails
 * costs its whole budget on a busy node (a new 10 km radius each request at a million posts: p50
 * 41 ms with the count tried each time, 17 ms without); one is tried again after this.
 */
const HOPELESS_MS = 30_000;
const MAX_HOPELESS = 1_000;

/**
 * Capped counts of list searches by filter and caller, until a post changes. "Load more", a
 * shared filtered link or a return to the list ask the same count again; a count that ran out of
 * its time budget twice (its answer was the planner's estimate, which can be several times off for
 * a radius) is finished in the background, so the next request says how many there really are.
 */
export function createCountCache(reader: EventSource, now: () => number = Date.now): CountCache {
  const entries = new Map<string, KnownCount & { at: number }>();
  const running = new Set<string>();
  const missed = new Set<string>();
  const hopeless = new Map<string, number>();
  let generation = 0;

  reader.subscribe((events) => {
    if (!events.some((event) => CHANGES_MATCHES.test(event.type))) return;
    generation++;
    entries.clear();
  });

  const set = (key: string, count: KnownCount, since: number) => {
    if (since !== generation) return;
    entries.delete(key);
    entries.set(key, { ...count, at: now() });
    dropOldest(entries, MAX_ENTRIES);
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() - entry.at > MAX_AGE_MS) {
        entries.delete(key);
        return null;
      }
      return { total: entry.total, kind: entry.kind };
    },
    version: () => generation,
    set,
    fill(key, count) {
      if (!missed.has(key)) {
        missed.add(key);
        dropOldest(missed, MAX_MISSED);
        return;
      }
      if (running.has(key) || running.size >= MAX_RUNNING) return;
      running.add(key);
      const started = generation;
      count()
        // A post that changed while it counted may not be in the answer: it is not kept then.
        .then((result) => set(key, result, started))
        .catch(() => undefined)
        .finally(() => running.delete(key));
    },
    hopeless(shape) {
      const at = hopeless.get(shape);
      if (at === undefined) return false;
      if (now() - at <= HOPELESS_MS) return true;
      hopeless.delete(shape);
      return false;
    },
    ranOut(shape) {
      hopeless.delete(shape);
      hopeless.set(shape, now());
      dropOldest(hopeless, MAX_HOPELESS);
    },
  };
}

/** Degrees a kind of search rounds places to (about 11 km). */
const SHAPE_DEGREES = 0.1;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * The kind of a search, as its count's cost goes: `countKey` with places coarsened (centres and
 * boxes to a tenth of a degree, radii to powers of two), so that a radius next to another of about
 * the same size is the same kind.
 */
export function shapeKey(search: object, viewer: object): string {
  const { center_point: centre, within_km: km, bbox, ...rest } = search as Record<string, unknown>;
  const coarse = (v: unknown) => (Array.isArray(v) ? v.map((n) => (typeof n === 'number' ? roundTo(n, SHAPE_DEGREES).toFixed(1) : n)) : v);
  const radius = typeof km === 'number' && km > 0 ? Math.round(Math.log2(km)) : km;
  return countKey({ ...rest, centre: coarse(centre), radius, bbox: coarse(bbox) }, viewer);
}

/** The part of a search and of its caller that decides a count (not the page, order or fields shown). */
export function countKey(search: object, viewer: object): string {
  const { include_types: _types, include_attributes: _attributes, ...filters } = search as Record<string, unknown>;
  return JSON.stringify([filters, viewer]);
}
