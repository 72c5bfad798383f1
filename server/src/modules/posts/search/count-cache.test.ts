import { describe, expect, it } from 'vitest';
import type { EventReader } from '../../../events/event-reader';
import { countKey, createCountCache, shapeKey } from './count-cache';

type Handler = Parameters<EventReader['subscribe']>[0];

/** The cache's one input besides its callers: batches of committed events. */
function events() {
  const handlers = new Set<Handler>();
  return {
    subscribe: (handler: Handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    emit: (type: string) => {
      for (const handler of handlers) void handler([{ type } as never]);
    },
  };
}

describe('post count cache', () => {
  it('keeps a count until a post, collection or setting changes, and ignores other events', () => {
    const source = events();
    const cache = createCountCache(source);
    cache.set('a', { total: 7, kind: 'exact' }, cache.version());
    source.emit('lock.acquired');
    expect(cache.get('a')).toEqual({ total: 7, kind: 'exact' });
    source.emit('post.created');
    expect(cache.get('a')).toBeNull();
  });

  it('does not keep a count that started before a post changed', () => {
    const source = events();
    const cache = createCountCache(source);
    const before = cache.version();
    source.emit('post.updated');
    cache.set('a', { total: 7, kind: 'exact' }, before);
    expect(cache.get('a')).toBeNull();
  });

  it('finishes the count of a filter asked again in the background, one at a time, and drops it if a post changed meanwhile', async () => {
    const source = events();
    const cache = createCountCache(source);
    let runs = 0;
    let finish!: () => void;
    const run = () => {
      runs++;
      return new Promise<{ total: number; kind: 'at_least' }>((resolve) => (finish = () => resolve({ total: 10_000, kind: 'at_least' })));
    };
    // The first time a filter's count runs out of its budget only marks it; the second counts.
    cache.fill('a', run);
    expect(runs).toBe(0);
    cache.fill('a', run);
    cache.fill('a', run);
    expect(runs).toBe(1);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('a')).toEqual({ total: 10_000, kind: 'at_least' });

    cache.fill('b', run);
    cache.fill('c', run);
    cache.fill('b', run);
    // One count at a time per node: another filter keeps its estimate meanwhile.
    cache.fill('c', run);
    expect(runs).toBe(2);
    source.emit('post.deleted');
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('b')).toBeNull();
  });

  it('forgets counts after five minutes even without events', () => {
    let now = 0;
    const cache = createCountCache(events(), () => now);
    cache.set('a', { total: 3, kind: 'exact' }, cache.version());
    now = 5 * 60_000 + 1;
    expect(cache.get('a')).toBeNull();
  });

  it('keys by filters and caller, not by the fields shown', () => {
    const viewer = { manager: false, userId: null };
    expect(countKey({ q: 'x', include_types: ['title'] }, viewer)).toBe(countKey({ q: 'x' }, viewer));
    expect(countKey({ q: 'x' }, viewer)).not.toBe(countKey({ q: 'x' }, { manager: false, userId: 4 }));
  });

  it('skips counting a kind of search for half a minute after its count ran out of its budget', () => {
    let now = 0;
    const cache = createCountCache(events(), () => now);
    expect(cache.hopeless('radius')).toBe(false);
    cache.ranOut('radius');
    now = 30_000;
    expect(cache.hopeless('radius')).toBe(true);
    expect(cache.hopeless('box')).toBe(false);
    now = 30_001;
    expect(cache.hopeless('radius')).toBe(false);
  });

  it('takes radii next to each other of about the same size, and boxes alike, as one kind of search', () => {
    const viewer = { manager: false, userId: null };
    const radius = (lat: number, lon: number, km: number, q = 'x') => shapeKey({ q, center_point: [lat, lon], within_km: km }, viewer);
    expect(radius(-1.2864, 36.8172, 10)).toBe(radius(-1.29, 36.79, 10.4));
    expect(radius(-1.2864, 36.8172, 10)).not.toBe(radius(-1.2864, 36.8172, 1));
    expect(radius(-1.2864, 36.8172, 10)).not.toBe(radius(-4.04, 39.67, 10));
    expect(radius(-1.2864, 36.8172, 10)).not.toBe(radius(-1.2864, 36.8172, 10, 'y'));
    expect(radius(-1.2864, 36.8172, 10)).not.toBe(
      shapeKey({ q: 'x', center_point: [-1.2864, 36.8172], within_km: 10 }, { ...viewer, userId: 4 }),
    );
    const box = (...bbox: number[]) => shapeKey({ bbox }, viewer);
    expect(box(36.71, -1.21, 36.93, -1.39)).toBe(box(36.72, -1.2, 36.92, -1.4));
    expect(box(36.71, -1.21, 36.93, -1.39)).not.toBe(box(30, 5, 42, -5));
  });
});
