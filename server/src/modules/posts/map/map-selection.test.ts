import { describe, expect, it } from 'vitest';
import type { PointFilter } from '../search';
import { emptyPoints, type MapPoints } from './map-points';
import { extentOf, postsOf, selectionOf, selectPoints } from './map-selection';

/** Points as [post id, lon, lat]. */
function pointsOf(rows: Array<[number, number, number]>): MapPoints {
  const out = emptyPoints(rows.length);
  rows.forEach(([id, lon, lat], i) => {
    out.ids[i] = id;
    out.lon[i] = lon;
    out.lat[i] = lat;
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
  [2, 20.1234567, 5],
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

  it('counts posts, not points: a post has a point per location', () => {
    expect(postsOf(points, null)).toBe(4);
    expect(postsOf(points, Int32Array.from([2, 3]))).toBe(1);
    expect(postsOf(points, Int32Array.from([]))).toBe(0);
  });

  it('counts posts of ids past the bitmap by sorting them', () => {
    const big = pointsOf([
      [2 ** 28, 0, 0],
      [2 ** 28, 1, 1],
      [7, 2, 2],
      [2 ** 30, 3, 3],
    ]);
    expect(postsOf(big, null)).toBe(3);
  });

  it('boxes the selected points west, south, east, north to six decimals; nothing for none', () => {
    expect(extentOf(points, null)).toEqual([-31, -1, 20.123457, 5]);
    expect(extentOf(points, Int32Array.from([0, 4]))).toEqual([0, -1, 10, 0]);
    expect(extentOf(points, Int32Array.from([]))).toBeNull();
  });

  it('says how many points and posts it holds', () => {
    const colors = new Map([[1, '#fff']]);
    expect(selectionOf(points, Int32Array.from([2, 3, 4]), colors)).toMatchObject({ count: 3, posts: 2, extent: [-31, 0, 0, 3], colors });
    expect(selectionOf(points, null, colors)).toMatchObject({ selected: null, count: 5, posts: 4 });
  });
});
