import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1000;
  const cache = new ReadCache({ ttlMs: options.ttlMs ?? 1000, maxEntries: options.maxEntries ?? 10, now: () => clock });
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, load, loads: () => loads, advance: (ms: number) => (clock += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ReadCache', () => {
  it('gives a kept answer again until its time is up', async () => {
    const t = setup({ ttlMs: 1000 });
    expect(await t.cache.read('a', t.load('first'))).toBe('first');
    t.advance(999);
    expect(await t.cache.read('a', t.load('second'))).toBe('first');
    t.advance(1);
    expect(await t.cache.read('a', t.load('third'))).toBe('third');
    expect(t.loads()).toBe(2);
  });

  it('keeps answers apart by key', async () => {
    const t = setup();
    expect(await t.cache.read('a', t.load('for a'))).toBe('for a');
    expect(await t.cache.read('b', t.load('for b'))).toBe('for b');
    expect(await t.cache.read('a', t.load('other'))).toBe('for a');
  });

  it('forgets every answer at a change', async () => {
    const t = setup();
    await t.cache.read('a', t.load('before'));
    t.cache.changed();
    expect(await t.cache.read('a', t.load('after'))).toBe('after');
  });

  it('does not keep an answer whose read overlapped a change', async () => {
    const t = setup();
    const slow = deferred<string>();
    const reading = t.cache.read('a', () => slow.promise);
    t.cache.changed();
    slow.resolve('read before the change');
    expect(await reading).toBe('read before the change');
    expect(t.cache.size).toBe(0);
    expect(await t.cache.read('a', t.load('fresh'))).toBe('fresh');
  });

  it('shares one read among callers asking the same meanwhile, but not across a change', async () => {
    const t = setup();
    const slow = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const first = t.cache.read('a', load);
    const second = t.cache.read('a', load);
    t.cache.changed();
    const third = t.cache.read('a', t.load('after the change'));
    slow.resolve('shared');
    expect(await Promise.all([first, second, third])).toEqual(['shared', 'shared', 'after the change']);
    expect(loads).toBe(1);
  });

  it('keeps no failure: the next caller reads again', async () => {
    const t = setup();
    await expect(t.cache.read('a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await t.cache.read('a', t.load('ok'))).toBe('ok');
  });

  it('keeps only what `keep` allows', async () => {
    const t = setup();
    await t.cache.read('a', t.load('too big'), (v) => v.length < 3);
    expect(await t.cache.read('a', t.load('ok'))).toBe('ok');
    expect(t.loads()).toBe(2);
  });

  it('drops the oldest answers beyond its size', async () => {
    const t = setup({ maxEntries: 2 });
    await t.cache.read('a', t.load('a'));
    await t.cache.read('b', t.load('b'));
    await t.cache.read('c', t.load('c'));
    expect(t.cache.size).toBe(2);
    expect(await t.cache.read('a', t.load('a again'))).toBe('a again');
    expect(await t.cache.read('c', t.load('c again'))).toBe('c');
  });

  it('reads every time when switched off', async () => {
    const t = setup({ ttlMs: 0 });
    await t.cache.read('a', t.load('one'));
    expect(await t.cache.read('a', t.load('two'))).toBe('two');
  });
});
