import type { PointFilter } from '../search';
import { isDead, type MapPoints } from './map-points';

export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The live points passing the search's filters in memory (`memoryFilters`). */
export function selectPoints(points: MapPoints, filters: PointFilter[]): Int32Array {
  const rows = new Int32Array(points.ids.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (!isDead(points, i)) rows[n++] = i;
  for (const filter of filters) n = filter(points, rows, n);
  return rows.subarray(0, n);
}
