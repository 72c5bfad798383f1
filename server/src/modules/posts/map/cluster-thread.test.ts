import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex, clustersOf } from './cluster-index';
import { createClusterThread, GONE } from './cluster-thread';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Points on a grid around (lon0, lat0), `step` degrees apart. */
function grid(n: number, lon0: number, lat0: number, step: number) {
  const lon = new Float64Array(n * n);
  const lat = new Float64Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      lon[a * n + b] = lon0 + a * step;
      lat[a * n + b] = lat0 + b * step;
    }
  return { lon, lat };
}

let resets = 0;
const thread = createClusterThread(() => resets++);
afterAll(() => thread.close());

describe('the clustering thread', () => {
  it('answers a viewport as the same index built in place does, and its counts add up', async () => {
    const { lon, lat } = grid(40, 10, 10, 0.01);
    const local = clustersOf(buildIndex(lon, lat, [0, 3], 50), WORLD, 2, lon.length);
    const handle = await thread.build(Float64Array.from(lon), Float64Array.from(lat), [0, 3], 50);
    const hits = await thread.query(handle, WORLD, 2);
    expect(hits).toEqual(local);
    expect(hits.reduce((sum, hit) => sum + hit.count, 0)).toBe(1600);
    expect((await thread.query(handle, WORLD, 3)).reduce((sum, hit) => sum + hit.count, 0)).toBe(1600);
  });

  it('keeps indexes apart, and an index dropped is gone', async () => {
    const a = grid(5, -50, -20, 5);
    const b = grid(3, 100, 20, 5);
    const [first, second] = await Promise.all([thread.build(a.lon, a.lat, [0, 3], 50), thread.build(b.lon, b.lat, [0, 3], 50)]);
    expect((await thread.query(second, WORLD, 0)).reduce((s, h) => s + h.count, 0)).toBe(9);
    thread.drop(first, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(thread.query(first, WORLD, 0)).rejects.toThrow(GONE);
    expect((await thread.query(second, WORLD, 0)).reduce((s, h) => s + h.count, 0)).toBe(9);
    expect(resets).toBe(0);
  });

  it('names a point by its position in the arrays it was built from', async () => {
    const lon = Float64Array.from([0, 90, -90]);
    const lat = Float64Array.from([0, 45, -45]);
    const handle = await thread.build(lon, lat, [0, 3], 50);
    const hits = await thread.query(handle, WORLD, 3);
    expect(hits.map((h) => [h.k, h.lon, h.lat]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [0, 0, 0],
      [1, 90, expect.closeTo(45, 6)],
      [2, -90, expect.closeTo(-45, 6)],
    ]);
  });

  it('answers from a dropped index for a moment: a request handed it just before a post changed', async () => {
    const { lon, lat } = grid(4, 0, 0, 1);
    const handle = await thread.build(lon, lat, [0, 3], 50);
    thread.drop(handle, 200);
    expect((await thread.query(handle, WORLD, 0)).reduce((s, h) => s + h.count, 0)).toBe(16);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(thread.query(handle, WORLD, 0)).rejects.toThrow(GONE);
  });
});
