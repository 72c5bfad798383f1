import type { PointFilter } from '../search';
import { isDead, type MapPoints } from './map-points';

export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The points of one filter set: `selected` of `points` (all when null), `count` of them. */
export type Selection = {
  points: MapPoints;
  selected: Int32Array | null;
  count: number;
  /** The posts those points are of: a post has a point per location value. */
  posts: number;
  /** West, south, east, north of the selected points; null when there are none. */
  extent: Extent | null;
  colors: Map<number, string | null>;
  loadedAt: number;
};
export type Extent = [number, number, number, number];

/** Above this id, `postsOf` sorts instead of keeping a bit per id (16 MB). */
const MAX_BITMAP_ID = 2 ** 27;

/**
 * How many posts the selected points are of: a post has a point per location value. Post ids are
 * serial, so a bit per id up to the highest is small (125 kB for a million) and a pass over a
 * million points takes milliseconds, where a Set or a sort takes a tenth of a second.
 */
export function postsOf(points: MapPoints, selected: Int32Array | null): number {
  const count = selected ? selected.length : points.ids.length;
  const idAt = (k: number) => points.ids[selected ? selected[k]! : k]!;
  let max = 0;
  for (let k = 0; k < count; k++) max = Math.max(max, idAt(k));
  let posts = 0;
  if (max <= MAX_BITMAP_ID) {
    const seen = new Uint8Array((max >>> 3) + 1);
    for (let k = 0; k < count; k++) {
      const id = idAt(k);
      const bit = 1 << (id & 7);
      if ((seen[id >>> 3]! & bit) === 0) {
        seen[id >>> 3]! |= bit;
        posts++;
      }
    }
    return posts;
  }
  const ids = Int32Array.from({ length: count }, (_, k) => idAt(k)).sort();
  for (let k = 0; k < count; k++) if (k === 0 || ids[k] !== ids[k - 1]) posts++;
  return posts;
}

/** The box around the selected points (all of them when `selected` is null), for a map to fit. */
export function extentOf(points: MapPoints, selected: Int32Array | null): Extent | null {
  const count = selected ? selected.length : points.ids.length;
  if (count === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < count; k++) {
    const i = selected ? selected[k]! : k;
    const lon = points.lon[i]!;
    const lat = points.lat[i]!;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [round6(west), round6(south), round6(east), round6(north)];
}

/** The live points passing the search's filters in memory (`memoryFilters`). */
export function selectPoints(points: MapPoints, filters: PointFilter[]): Int32Array {
  const rows = new Int32Array(points.ids.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (!isDead(points, i)) rows[n++] = i;
  for (const filter of filters) n = filter(points, rows, n);
  return rows.subarray(0, n);
}

/** A selection of `points` (`selected` of them, all when null), counted and boxed. */
export function selectionOf(points: MapPoints, selected: Int32Array | null, colors: Map<number, string | null>): Selection {
  return {
    points,
    selected,
    count: selected ? selected.length : points.ids.length,
    posts: postsOf(points, selected),
    extent: extentOf(points, selected),
    colors,
    loadedAt: Date.now(),
  };
}
