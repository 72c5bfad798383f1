import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChangeGatherer } from './change-gatherer';
import { logEvent } from './log-events.fixture';

const created = (id: number) => logEvent('post.created', 'post', id);

/** A gatherer recording what it hands on. */
function setup() {
  const takenIn: number[][] = [];
  let clears = 0;
  const gatherer = createChangeGatherer({
    gatherMs: 50,
    takeIn: (ids) => takenIn.push([...ids]),
    clear: () => clears++,
  });
  return { gatherer, takenIn, clears: () => clears };
}

describe('createChangeGatherer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands on the posts of several batches together once the moment has passed', () => {
    const { gatherer, takenIn } = setup();
    gatherer.heard([created(1), logEvent('post.updated', 'post', 2)]);
    vi.advanceTimersByTime(30);
    gatherer.heard([created(3), logEvent('post.updated', 'post', 1)]);
    gatherer.heard([logEvent('lock.acquired', 'lock', 9)]);
    expect(takenIn).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(takenIn).toEqual([[1, 2, 3]]);
    vi.advanceTimersByTime(1000);
    expect(takenIn).toEqual([[1, 2, 3]]);
  });

  it('hands on at once what has gathered when a request asks, and nothing twice', () => {
    const { gatherer, takenIn } = setup();
    gatherer.flush();
    expect(takenIn).toEqual([]);
    gatherer.heard([created(4)]);
    gatherer.flush();
    expect(takenIn).toEqual([[4]]);
    vi.advanceTimersByTime(100);
    expect(takenIn).toEqual([[4]]);
    gatherer.heard([created(5)]);
    vi.advanceTimersByTime(50);
    expect(takenIn).toEqual([[4], [5]]);
  });

  it('clears instead for a change that may touch more than its posts, dropping what had gathered', () => {
    const { gatherer, takenIn, clears } = setup();
    gatherer.heard([created(1)]);
    gatherer.heard([logEvent('collection.updated', 'collection', 1)]);
    expect(clears()).toBe(1);
    vi.advanceTimersByTime(100);
    gatherer.flush();
    expect(takenIn).toEqual([]);
  });

  it('clears instead past a thousand posts gathered, across batches', () => {
    const { gatherer, takenIn, clears } = setup();
    gatherer.heard(Array.from({ length: 600 }, (_, i) => created(i + 1)));
    gatherer.heard(Array.from({ length: 400 }, (_, i) => created(i + 601)));
    expect(clears()).toBe(0);
    gatherer.heard([created(1001)]);
    expect(clears()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(takenIn).toEqual([]);
  });

  it('hands on nothing it was told to drop', () => {
    const { gatherer, takenIn } = setup();
    gatherer.heard([created(1)]);
    gatherer.drop();
    vi.advanceTimersByTime(100);
    gatherer.flush();
    expect(takenIn).toEqual([]);
  });
});
