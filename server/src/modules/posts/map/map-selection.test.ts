import { describe, expect, it } from 'vitest';
import type { PointFilter } from '../search';
import { emptyPoints, type MapPoints } from './map-points';
import { selectPoints } from './map-selection';

/** Points as [post id, lon, lat]. */
function pointsOf(rows: Array<[number, number, number]>): MapPoints {
  const out = emptyPoints(rows.length);
  rows.forEach(([id, lon, lat], i) => {
    out.ids[i] = id;
    out.lonE6[i] = lon * 1e6;
    out.latE6[i] = lat * 1e6;
    out.formIds[i] = id % 2;
  });
  return out;
}

/** Keeps points of odd survey ids. */
const oddForms: PointFilter = (columns, rows, n) => {
  let kept = 0;
  for (let j = 0; j < n; j++) if (columns.formIds[rows[j]!] === 1) rows[kept++] = rows[j]!;
  return kept;
};

const points = pointsOf([
  [1, 10, -1],
  [2, 20.123456, 5],
  [3, -30, 2],
  [3, -31, 3],
  [5, 0, 0],
]);

describe("a selection of the map's points", () => {
  it('keeps the live points passing every filter, in order', () => {
    expect([...selectPoints(points, [])]).toEqual([0, 1, 2, 3, 4]);
    expect([...selectPoints(points, [oddForms])]).toEqual([0, 2, 3, 4]);
    // Points replaced by a change of their post are marked dead, a bit each (here those of post 3).
    const changed: MapPoints = { ...points, dead: Uint8Array.from([0b01100]), deadCount: 2 };
    expect([...selectPoints(changed, [oddForms])]).toEqual([0, 4]);
  });
});
