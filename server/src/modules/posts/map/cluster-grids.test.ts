import { describe, expect, it } from 'vitest';
import { createClusterGrids, type GridThread } from './cluster-grids';
import type { GridPoints } from './grid-index';

const points = (ids: number[]): GridPoints => ({
  lonE6: new Int32Array(ids.length),
  latE6: new Int32Array(ids.length),
  ids: Int32Array.from(ids),
  forms: new Int32Array(ids.length),
});

/** A thread that records what it is told, and whose updates fail for index `failing`. */
function testThread(failing = -1) {
  const updates: Array<{ index: number; removed: number[]; added: number[] }> = [];
  const dropped: number[] = [];
  const thread: GridThread = {
    update: async (index, removed, added) => {
      if (index === failing) throw new Error('cluster index gone');
      updates.push({ index, removed: [...removed], added: [...added.ids] });
      return 10;
    },
    drop: (index) => dropped.push(index),
  };
  return { thread, updates, dropped };
}

describe('the kept cluster indexes', () => {
  it('builds an index once, then gives it every change in order before answering', async () => {
    const t = testThread();
    const grids = createClusterGrids(t.thread);
    let builds = 0;
    const build = async () => ({ handle: ++builds, points: 3 });
    const reloads: number[][] = [];
    const reload = async (ids: number[]) => {
      reloads.push(ids);
      return points(ids.filter((id) => id !== 2));
    };
    expect(await grids.get('a', build, reload)).toBe(1);
    grids.changed(new Set([1, 2]));
    grids.changed(new Set([3]));
    expect(await grids.get('a', build, reload)).toBe(1);
    expect(builds).toBe(1);
    expect(reloads).toEqual([[1, 2], [3]]);
    expect(t.updates).toEqual([
      { index: 1, removed: [1, 2], added: [1] },
      { index: 1, removed: [3], added: [3] },
    ]);
  });

  it('takes in a change heard of while its index is still being built', async () => {
    const t = testThread();
    const grids = createClusterGrids(t.thread);
    let finish!: (value: { handle: number; points: number }) => void;
    const answer = grids.get(
      'a',
      () => new Promise((resolve) => (finish = resolve)),
      async (ids) => points(ids),
    );
    grids.changed(new Set([5]));
    finish({ handle: 7, points: 1 });
    expect(await answer).toBe(7);
    expect(
      await grids.get(
        'a',
        async () => ({ handle: 8, points: 0 }),
        async (ids) => points(ids),
      ),
    ).toBe(7);
    expect(t.updates).toEqual([{ index: 7, removed: [5], added: [5] }]);
  });

  it('forgets an index that could not take a change in, and builds it again', async () => {
    const t = testThread(1);
    const grids = createClusterGrids(t.thread);
    let builds = 0;
    const build = async () => ({ handle: ++builds, points: 1 });
    await grids.get('a', build, async (ids) => points(ids));
    grids.changed(new Set([1]));
    await expect(grids.get('a', build, async (ids) => points(ids))).rejects.toThrow('gone');
    expect(await grids.get('a', build, async (ids) => points(ids))).toBe(2);
  });

  it('keeps eight indexes, dropping the least recently used, and drops all on clear', async () => {
    const t = testThread();
    const grids = createClusterGrids(t.thread);
    const reload = async (ids: number[]) => points(ids);
    for (let i = 0; i < 8; i++) await grids.get(`k${i}`, async () => ({ handle: i, points: 1 }), reload);
    await grids.get('k0', async () => ({ handle: 100, points: 1 }), reload);
    await grids.get('k8', async () => ({ handle: 8, points: 1 }), reload);
    await expect.poll(() => t.dropped).toEqual([1]);
    expect(grids.size).toBe(8);
    grids.clear();
    await expect.poll(() => t.dropped.length).toBe(9);
    expect(grids.size).toBe(0);
  });

  it('builds an index again once it is five minutes old (changes that append no event)', async () => {
    const t = testThread();
    let time = 0;
    const grids = createClusterGrids(t.thread, () => time);
    const reload = async (ids: number[]) => points(ids);
    await grids.get('a', async () => ({ handle: 1, points: 1 }), reload);
    time = 5 * 60_000 + 1;
    expect(await grids.get('a', async () => ({ handle: 2, points: 1 }), reload)).toBe(2);
    await expect.poll(() => t.dropped).toEqual([1]);
  });
});
