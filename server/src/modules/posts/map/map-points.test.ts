import { describe, expect, it } from 'vitest';
import { emptyPoints, isDead, livePoints, replacePosts, type MapPoints } from './map-points';

/** Columns of points given as [post id, lon]; the other columns follow from them. */
function columns(rows: Array<[number, number]>): MapPoints {
  const out = emptyPoints(rows.length);
  rows.forEach(([id, lon], i) => {
    out.ids[i] = id;
    out.formIds[i] = id * 10;
    out.lonE6[i] = lon;
    out.latE6[i] = -lon;
    out.created[i] = id * 1000;
    out.postDate[i] = id * 2000;
    out.updated[i] = id * 3000;
    out.status[i] = id % 3;
    out.source[i] = id % 5;
  });
  return out;
}

/** The live points as [post id, lon], in order. */
const rowsOf = (points: MapPoints) => {
  const live = livePoints(points);
  return [...live.ids].map((id, i) => [id, live.lonE6[i]]);
};

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
    const after = livePoints(replacePosts(before, new Set([2, 4, 9]), columns([[2, 22]])));
    expect(rowsOf(after)).toEqual([
      [1, 10],
      [3, 30],
      [5, 50],
      [2, 22],
    ]);
    // Every column moves with its point.
    expect([...after.formIds]).toEqual([10, 30, 50, 20]);
    expect([...after.latE6]).toEqual([-10, -30, -50, -22]);
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

  it('writes new posts after the old end in place, and leaves the version it came from reading as before', () => {
    const before = columns([
      [1, 10],
      [2, 20],
    ]);
    const after = replacePosts(before, new Set([3]), columns([[3, 30]]));
    expect(after.ids.buffer).toBe(before.ids.buffer);
    expect(rowsOf(after)).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    expect(rowsOf(before)).toEqual([
      [1, 10],
      [2, 20],
    ]);
    // A second change made from the older version copies: the newer one keeps its points.
    const other = replacePosts(before, new Set([4]), columns([[4, 40]]));
    expect(other.ids.buffer).not.toBe(before.ids.buffer);
    expect(rowsOf(other)).toEqual([
      [1, 10],
      [2, 20],
      [4, 40],
    ]);
    expect(rowsOf(after)).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
  });

  it('marks the replaced points dead instead of copying, and copies without them once many are', () => {
    const many = columns(Array.from({ length: 100 }, (_, i): [number, number] => [i + 1, i]));
    let points = replacePosts(many, new Set([5]), columns([[5, 55]]));
    expect(points.ids.buffer).toBe(many.ids.buffer);
    expect(points.deadCount).toBe(1);
    expect(isDead(points, 4)).toBe(true);
    expect(isDead(many, 4)).toBe(false);
    expect(rowsOf(points).find(([id]) => id === 5)).toEqual([5, 55]);
    // Moved again: the newest point is the one alive.
    points = replacePosts(points, new Set([5]), columns([[5, 56]]));
    expect(rowsOf(points).filter(([id]) => id === 5)).toEqual([[5, 56]]);
    expect(points.deadCount).toBe(2);
    // Past an eighth of the points dead, the next version is copied live-only.
    for (let id = 10; id < 20; id++) points = replacePosts(points, new Set([id]), columns([]));
    expect(points.ids.buffer).toBe(many.ids.buffer);
    expect(points.deadCount).toBe(12);
    expect(points.ids).toHaveLength(102);
    points = replacePosts(points, new Set([20]), columns([]));
    expect(points.ids.buffer).not.toBe(many.ids.buffer);
    expect(points.deadCount).toBeUndefined();
    expect(points.ids).toHaveLength(100 - 11);
    expect(rowsOf(points).filter(([id]) => id === 5)).toEqual([[5, 56]]);
  });

  it('finds changed posts whose ids lie far apart', () => {
    const before = columns([
      [1, 10],
      [2 ** 30, 20],
      [7, 70],
    ]);
    expect(rowsOf(replacePosts(before, new Set([1, 2 ** 30]), columns([])))).toEqual([[7, 70]]);
  });

  it('finds a new post when it changes again, and any post after its points were copied', () => {
    // New posts lie above every loaded id, and are found without a pass: the next versions must know them.
    let points = replacePosts(columns([[3, 30]]), new Set([8]), columns([[8, 80]]));
    points = replacePosts(points, new Set([9]), columns([[9, 90]]));
    expect(points.deadCount).toBeUndefined();
    points = replacePosts(points, new Set([8]), columns([[8, 81]]));
    expect(rowsOf(points)).toEqual([
      [3, 30],
      [9, 90],
      [8, 81],
    ]);
    // Copied live-only (most points dead), then the newest and the oldest post change.
    points = replacePosts(points, new Set([3, 9]), columns([]));
    expect(points.deadCount).toBeUndefined();
    points = replacePosts(points, new Set([8]), columns([]));
    expect(rowsOf(points)).toEqual([]);
  });
});
