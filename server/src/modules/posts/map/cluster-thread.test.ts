import { afterAll, describe, expect, it } from 'vitest';
import { createClusterThread, GONE } from './cluster-thread';
import { GridIndex, type GridPoints } from './grid-index';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Points on a grid around (lon0, lat0), `step` degrees apart, post ids from `firstId`. */
function grid(n: number, lon0: number, lat0: number, step: number, firstId = 1): GridPoints {
  const points: GridPoints = {
    lonE6: new Int32Array(n * n),
    latE6: new Int32Array(n * n),
    ids: new Int32Array(n * n),
    forms: new Int32Array(n * n).fill(1),
  };
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      points.lonE6[a * n + b] = Math.round((lon0 + a * step) * 1e6);
      points.latE6[a * n + b] = Math.round((lat0 + b * step) * 1e6);
      points.ids[a * n + b] = firstId + a * n + b;
    }
  return points;
}

const copy = (p: GridPoints): GridPoints => ({
  lonE6: p.lonE6.slice(),
  latE6: p.latE6.slice(),
  ids: p.ids.slice(),
  forms: p.forms.slice(),
});
const sum = (hits: Array<{ count: number }>) => hits.reduce((s, h) => s + h.count, 0);

let resets = 0;
const thread = createClusterThread(() => resets++);
afterAll(() => thread.close());

describe('the clustering thread', () => {
  it('answers a viewport as the same index built in place does, with the posts and their box', async () => {
    const points = grid(40, 10, 10, 0.01);
    const local = new GridIndex(50, copy(points));
    const handle = await thread.build(points, 50);
    const answer = await thread.query(handle, WORLD, 2);
    expect(answer.hits).toEqual(local.query(WORLD, 2));
    expect(sum(answer.hits)).toBe(1600);
    expect(answer.posts).toBe(1600);
    expect(answer.bounds).toEqual(local.bounds());
    expect(sum((await thread.query(handle, WORLD, 3)).hits)).toBe(1600);
  });

  it('takes in changed posts in place: removed, moved and new', async () => {
    const handle = await thread.build(grid(3, 0, 0, 1), 50);
    const moved = grid(1, 100, 20, 1, 5);
    const added = grid(1, -60, -30, 1, 99);
    const both: GridPoints = {
      lonE6: Int32Array.from([...moved.lonE6, ...added.lonE6]),
      latE6: Int32Array.from([...moved.latE6, ...added.latE6]),
      ids: Int32Array.from([...moved.ids, ...added.ids]),
      forms: Int32Array.from([1, 1]),
    };
    expect(await thread.update(handle, Int32Array.from([1, 5, 99]), both)).toBe(9);
    const answer = await thread.query(handle, WORLD, 10);
    expect(answer.hits.map((h) => h.id).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 99]);
    expect(answer.hits.find((h) => h.id === 5)).toMatchObject({ lon: 100, lat: 20 });
    expect(answer.bounds).toEqual([-60, -30, 100, 20]);
  });

  it('keeps indexes apart, and an index dropped is gone', async () => {
    const [first, second] = await Promise.all([thread.build(grid(5, -50, -20, 5), 50), thread.build(grid(3, 100, 20, 5), 50)]);
    expect(sum((await thread.query(second, WORLD, 0)).hits)).toBe(9);
    thread.drop(first, 0);
    await expect.poll(() => thread.query(first, WORLD, 0).catch((error: Error) => error.message)).toMatch(GONE);
    expect(sum((await thread.query(second, WORLD, 0)).hits)).toBe(9);
    expect(resets).toBe(0);
  });

  it('answers from a dropped index for a moment: a request handed it just before it was dropped', async () => {
    const handle = await thread.build(grid(4, 0, 0, 1), 50);
    thread.drop(handle, 60_000);
    expect(sum((await thread.query(handle, WORLD, 0)).hits)).toBe(16);
  });
});

describe("the clustering thread's memory (issue 22)", () => {
  const MB = 1024 * 1024;
  /** The thread's array buffers are its indexes' columns, not also the columns a build outgrew or an index dropped. */
  const onlyHeld = async () => {
    await expect
      .poll(async () => {
        const { arrayBuffers, held } = await thread.memory();
        return arrayBuffers - held;
      })
      .toBeLessThan(MB);
  };

  it('gives back what a build outgrew, and a dropped index', async () => {
    const handle = await thread.build(grid(300, -50, -20, 0.01), 50);
    const { held } = await thread.memory();
    expect(held).toBeGreaterThan(8 * MB);
    await onlyHeld();
    thread.drop(handle, 0);
    await expect.poll(async () => (await thread.memory()).held).toBeLessThan(held - 8 * MB);
    await onlyHeld();
  });
});
