import { describe, expect, it } from 'vitest';
import { changedPosts, createClusterCache, postChanges, type Cached } from './cluster-cache';
import { logEvent } from './log-events.fixture';
import { emptyPoints, livePoints, type MapPoints } from './map-points';

/** Points of posts given by id, one each. */
function pointsOf(ids: number[]): MapPoints {
  const out = emptyPoints(ids.length);
  ids.forEach((id, i) => (out.ids[i] = id));
  return out;
}

const idsOf = (points: MapPoints) => [...livePoints(points).ids];

/** A promise settled from outside, for a build still running while posts change. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ([resolve, reject] = [res, rej]));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const event = logEvent;

/** A cache over a clock the test moves, recording what it reloads. */
function testCache(fresh: (ids: number[]) => MapPoints = pointsOf) {
  let time = 1_000;
  const reloads: Array<{ load: string; ids: number[] }> = [];
  const cache = createClusterCache<string>({
    reload: async (load, ids) => {
      reloads.push({ load, ids });
      return fresh(ids);
    },
    now: () => time,
  });
  let builds = 0;
  /** A value built now, counting builds. */
  const build =
    <T extends object>(value: T = {} as T) =>
    async () => {
      builds++;
      return { ...value, loadedAt: time };
    };
  return {
    cache,
    build,
    reloads,
    builds: () => builds,
    advance: (ms: number) => (time += ms),
  };
}

const none = () => 0;

describe('the map cache', () => {
  it('builds a value once per key and answers it again until it is five minutes old', async () => {
    const t = testCache();
    const first = await t.cache.get('a', t.build({ n: 1 }), none);
    expect(await t.cache.get('a', t.build({ n: 2 }), none)).toBe(first);
    await t.cache.get('b', t.build(), none);
    expect(t.builds()).toBe(2);
    t.advance(5 * 60_000);
    expect(await t.cache.get('a', t.build({ n: 3 }), none)).toBe(first);
    t.advance(1);
    expect(await t.cache.get('a', t.build({ n: 4 }), none)).toMatchObject({ n: 4 });
    expect(t.builds()).toBe(3);
  });

  it('answers a value built while posts changed but does not keep it', async () => {
    const t = testCache();
    const slow = deferred<Cached & { n: number }>();
    const answer = t.cache.get('a', () => slow.promise, none);
    t.cache.patch(new Set([7]));
    slow.resolve({ n: 1, loadedAt: 0 });
    expect(await answer).toMatchObject({ n: 1 });
    await settle();
    expect(await t.cache.get('a', t.build({ n: 2 }), none)).toMatchObject({ n: 2 });
  });

  it('forgets a build that failed', async () => {
    const t = testCache();
    await expect(t.cache.get('a', () => Promise.reject(new Error('load failed')), none)).rejects.toThrow('load failed');
    await settle();
    expect(await t.cache.get('a', t.build({ n: 1 }), none)).toMatchObject({ n: 1 });
  });

  it('keeps 16 entries, dropping the least recently used first', async () => {
    const t = testCache();
    for (let i = 0; i < 16; i++) await t.cache.get(`k${i}`, t.build(), none);
    await t.cache.get('k0', t.build(), none);
    await t.cache.get('k16', t.build(), none);
    await t.cache.get('k0', t.build(), none);
    expect(t.builds()).toBe(17);
    await t.cache.get('k1', t.build(), none);
    expect(t.builds()).toBe(18);
  });

  /** Asks for each key in turn, every value `points` points big; says which keys were built. */
  const built = async (keys: string[], points: number) => {
    const t = testCache();
    const out: string[] = [];
    for (const key of keys) {
      const before = t.builds();
      await t.cache.get(key, t.build(), () => points);
      if (t.builds() > before) out.push(key);
    }
    return out.join('');
  };

  it('keeps no more than four million points', async () => {
    // Four of a million fit: e sends the least recently used (b) out, and b back sends d.
    expect(await built(['a', 'b', 'c', 'd', 'a', 'e', 'c', 'b'], 1_000_000)).toBe('abcdeb');
  });

  it('keeps the two newest entries whatever their size', async () => {
    expect(await built(['a', 'b', 'a', 'c', 'a', 'b'], 3_000_000)).toBe('abcb');
  });

  it('patches loaded points with the changed posts as they are now, and drops what was made from them', async () => {
    const t = testCache((ids) => pointsOf(ids.filter((id) => id !== 2)));
    const loaded = await t.cache.points('points', 'anonymous', async () => pointsOf([1, 2, 3]));
    await t.cache.get('selection', t.build({ n: 1 }), none);
    t.cache.patch(new Set([2, 4]));
    const patched = await t.cache.points('points', 'anonymous', async () => pointsOf([]));
    expect(t.reloads).toEqual([{ load: 'anonymous', ids: [2, 4] }]);
    expect(idsOf(patched)).toEqual([1, 3, 4]);
    expect(idsOf(loaded)).toEqual([1, 2, 3]);
    expect(await t.cache.get('selection', t.build({ n: 2 }), none)).toMatchObject({ n: 2 });
  });

  it('names the posts of post events, and nothing for anything that may change more than a post', () => {
    expect(postChanges([event('lock.acquired', 'lock', 1), event('message.created', 'message', 1)])).toBeUndefined();
    expect(postChanges([event('post.updated', 'post', 1), event('post.created', 'post', 2)])).toEqual(new Set([1, 2]));
    expect(postChanges([event('post.updated', 'post', 3), event('collection.updated', 'collection', 1)])).toBeNull();
  });

  it('loads every point again past a thousand changed posts', () => {
    const many = Array.from({ length: 1_001 }, (_, i) => event('post.created', 'post', i + 1));
    expect(changedPosts(many.slice(0, 1_000))?.size).toBe(1_000);
    expect(changedPosts(many)).toBeNull();
  });
});
