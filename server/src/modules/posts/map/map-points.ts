/**
 * The map's point columns in memory, and how they take in changed posts without being copied.
 *
 * A version of the columns is never changed once made: a selection or an index built from it stays
 * valid. A change of a few posts among a million makes a new version that shares the old one's
 * buffers: the changed posts' old points are marked dead (a bit per point, copied per version), and
 * their points now are written after the old version's end, in room kept for that. Copying every
 * column instead (50 MB at a million points, most of it page faults on fresh memory) held the event
 * loop for 20 to 80 ms per change.
 */

/**
 * Every mapped point of the matching posts as the viewer sees it, in columns, with what the
 * in-memory filters need (survey, status, source, times in epoch milliseconds).
 */
export type MapPoints = {
  ids: Int32Array;
  formIds: Int32Array;
  /** Longitude and latitude in 1e-6 degrees, the precision points are loaded with (4 bytes, not 8). */
  lonE6: Int32Array;
  latE6: Int32Array;
  created: Float64Array;
  postDate: Float64Array;
  updated: Float64Array;
  status: Uint8Array;
  source: Uint8Array;
  /** A bit per point replaced or removed since the columns were loaded; readers skip those points. */
  dead?: Uint8Array;
  /** How many points `dead` marks. */
  deadCount?: number;
};

type Column = Exclude<keyof MapPoints, 'dead' | 'deadCount'>;
const COLUMNS: Record<Column, Int32ArrayConstructor | Float64ArrayConstructor | Uint8ArrayConstructor> = {
  ids: Int32Array,
  formIds: Int32Array,
  lonE6: Int32Array,
  latE6: Int32Array,
  created: Float64Array,
  postDate: Float64Array,
  updated: Float64Array,
  status: Uint8Array,
  source: Uint8Array,
};
const COLUMN_NAMES = Object.keys(COLUMNS) as Column[];

/** Room for points of new posts: a sixteenth more, at least this many. */
const MIN_ROOM = 1024;
/** Past this share of dead points, a new version is copied without them. */
const MAX_DEAD_SHARE = 1 / 8;
/** Past this spread of changed post ids, the scan asks their set instead of keeping a bit per id. */
const MAX_BIT_RANGE = 2 ** 24;

/**
 * How many points of each set of buffers the newest version on them holds: only that version may
 * write after its end, so an older one (or a second change made from it) copies instead.
 */
const used = new WeakMap<ArrayBufferLike, { points: number }>();

/** Columns for `n` points, to be filled, with room for new ones after them. */
export function emptyPoints(n: number): MapPoints {
  const capacity = n + Math.max(MIN_ROOM, n >>> 4);
  const out = {} as MapPoints;
  for (const name of COLUMN_NAMES) out[name] = new COLUMNS[name](capacity).subarray(0, n) as never;
  used.set(out.ids.buffer, { points: n });
  return out;
}

const hasBit = (bits: Uint8Array, i: number): boolean => (bits[i >>> 3]! & (1 << (i & 7))) !== 0;
const setBit = (bits: Uint8Array, i: number): void => void (bits[i >>> 3]! |= 1 << (i & 7));

export const isDead = (points: MapPoints, i: number): boolean => points.dead !== undefined && hasBit(points.dead, i);

/** A bit for each of `length` points: those dead in `points` and those `gone` now. */
function deadBits(points: MapPoints, gone: readonly number[], length: number): Uint8Array {
  const bits = new Uint8Array((length >>> 3) + 1);
  if (points.dead) bits.set(points.dead.subarray(0, bits.length));
  for (const i of gone) setBit(bits, i);
  return bits;
}

/**
 * The highest post id a version's points hold (dead ones included), kept per version: a version is
 * never changed, so its bound stays true. A new version's is derived from the one it was made from.
 */
const highestIds = new WeakMap<Int32Array, number>();

function highestId(ids: Int32Array): number {
  let high = highestIds.get(ids);
  if (high === undefined) {
    high = -Infinity;
    for (let i = 0; i < ids.length; i++) if (ids[i]! > high) high = ids[i]!;
    highestIds.set(ids, high);
  }
  return high;
}

/**
 * Where the live points of the posts `ids` are. Posts just created lie above every loaded one, so
 * a change made only of them is answered from the version's highest id without a pass. Otherwise a
 * pass over a million points runs on the event loop: a range test and a bit per id between the
 * lowest and highest changed id take a millisecond or two, where a set lookup per point took tens.
 */
function indexesOf(points: MapPoints, ids: ReadonlySet<number>): number[] {
  const found: number[] = [];
  if (ids.size === 0) return found;
  const column = points.ids;
  let [low, high] = [Infinity, -Infinity];
  for (const id of ids) [low, high] = [Math.min(low, id), Math.max(high, id)];
  if (low > highestId(column)) return found;
  const bits = high - low <= MAX_BIT_RANGE ? new Uint8Array(((high - low) >>> 3) + 1) : null;
  if (bits) for (const id of ids) setBit(bits, id - low);
  for (let i = 0; i < column.length; i++) {
    const at = column[i]! - low;
    if (at < 0 || at > high - low) continue;
    if ((bits ? hasBit(bits, at) : ids.has(column[i]!)) && !isDead(points, i)) found.push(i);
  }
  return found;
}

/** A new version holding only the live points of `points` (minus `gone`), then `fresh`. */
function compacted(points: MapPoints, gone: readonly number[], fresh: MapPoints): MapPoints {
  const drop = deadBits(points, gone, points.ids.length);
  const keep: number[] = [];
  for (let i = 0; i < points.ids.length; i++) if (!hasBit(drop, i)) keep.push(i);
  const out = emptyPoints(keep.length + fresh.ids.length);
  for (const name of COLUMN_NAMES) {
    const from = points[name];
    const to = out[name];
    // The runs of kept points are copied whole (a few changed posts among a million).
    let k = 0;
    while (k < keep.length) {
      let end = k + 1;
      while (end < keep.length && keep[end] === keep[end - 1]! + 1) end++;
      to.set(from.subarray(keep[k]!, keep[end - 1]! + 1) as never, k);
      k = end;
    }
    to.set(fresh[name] as never, keep.length);
  }
  return out;
}

/** The columns of `points` with `fresh` after them: written in place when this is the newest version with room, else copied. */
function appended(points: MapPoints, fresh: MapPoints): MapPoints | null {
  const n = points.ids.length;
  const total = n + fresh.ids.length;
  const owner = used.get(points.ids.buffer);
  if (!owner || owner.points !== n || points.ids.byteOffset !== 0 || total > points.ids.buffer.byteLength / 4) return null;
  const out = {} as MapPoints;
  for (const name of COLUMN_NAMES) {
    const full = new COLUMNS[name](points[name].buffer as ArrayBuffer);
    full.set(fresh[name] as never, n);
    out[name] = full.subarray(0, total) as never;
  }
  owner.points = total;
  return out;
}

/**
 * `points` with every point of the posts `ids` replaced by `fresh` (their points now, none for a
 * post deleted or no longer visible). `points` itself reads as before: selections made from it stay
 * valid. Live points keep their order, and the new ones come after them.
 */
export function replacePosts(points: MapPoints, ids: ReadonlySet<number>, fresh: MapPoints): MapPoints {
  const next = replacedPoints(points, ids, fresh);
  // A bound, not the exact highest: points made dead here may have held it.
  highestIds.set(next.ids, Math.max(highestId(points.ids), highestId(fresh.ids)));
  return next;
}

/** `replacePosts`'s new version, before its highest id is kept. */
function replacedPoints(points: MapPoints, ids: ReadonlySet<number>, fresh: MapPoints): MapPoints {
  const gone = indexesOf(points, ids);
  const n = points.ids.length;
  const deadCount = (points.deadCount ?? 0) + gone.length;
  if (deadCount > MAX_DEAD_SHARE * (n + fresh.ids.length)) return compacted(points, gone, fresh);
  const columns = appended(points, fresh);
  if (!columns) return compacted(points, gone, fresh);
  if (deadCount === 0) return columns;
  return { ...columns, dead: deadBits(points, gone, n + fresh.ids.length), deadCount };
}

/** The live points alone, in their order (tests, and anything that wants plain columns). */
export const livePoints = (points: MapPoints): MapPoints => compacted(points, [], emptyPoints(0));
