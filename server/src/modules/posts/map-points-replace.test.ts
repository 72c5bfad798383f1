import { describe, expect, it } from 'vitest';
import { replacePosts, type MapPoints } from './post-clusters.repository';

/** Columns of points given as [post id, lon]; the other columns follow from them. */
function columns(rows: Array<[number, number]>): MapPoints {
  const n = rows.length;
  const of = <T extends Int32Array | Float64Array | Uint8Array>(make: new (n: number) => T, pick: (r: [number, number]) => number) => {
    const out = new make(n);
    rows.forEach((r, i) => (out[i] = pick(r)));
    return out;
  };
  return {
    ids: of(Int32Array, (r) => r[0]),
    formIds: of(Int32Array, (r) => r[0] * 10),
    lon: of(Float64Array, (r) => r[1]),
    lat: of(Float64Array, (r) => -r[1]),
    created: of(Float64Array, (r) => r[0] * 1000),
    postDate: of(Float64Array, (r) => r[0] * 2000),
    updated: of(Float64Array, (r) => r[0] * 3000),
    status: of(Uint8Array, (r) => r[0] % 3),
    source: of(Uint8Array, (r) => r[0] % 5),
  };
}

const rowsOf = (points: MapPoints) => [...points.ids].map((id, i) => [id, points.lon[i]]);

describe('replacing the points of a few posts', () => {
  it('drops every point of those posts, keeps the others in order, and adds their points now', () => {
    const before = columns([
      [1, 10],
      [2, 20],
      [2, 21],
      [3, 30],
      [4, 40],
      [5, 50],
    ]);
    const after = replacePosts(before, new Set([2, 4, 9]), columns([[2, 22]]));
    expect(rowsOf(after)).toEqual([
      [1, 10],
      [3, 30],
      [5, 50],
      [2, 22],
    ]);
    // Every column moves with its point.
    expect([...after.formIds]).toEqual([10, 30, 50, 20]);
    expect([...after.lat]).toEqual([-10, -30, -50, -22]);
    expect([...after.updated]).toEqual([3000, 9000, 15000, 6000]);
    expect([...after.status]).toEqual([1, 0, 2, 2]);
    // The columns a selection was made from are left as they were.
    expect(rowsOf(before)).toHaveLength(6);
  });

  it('handles the first and last points, and nothing left', () => {
    const before = columns([
      [1, 10],
      [2, 20],
    ]);
    expect(rowsOf(replacePosts(before, new Set([1]), columns([])))).toEqual([[2, 20]]);
    expect(rowsOf(replacePosts(before, new Set([2]), columns([])))).toEqual([[1, 10]]);
    expect(rowsOf(replacePosts(before, new Set([1, 2]), columns([])))).toEqual([]);
  });
});
