import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

/** A run that ends when told to, saying what it saw when it started. */
function controlledRuns() {
  let state = 0;
  const ends: Array<(value: string) => void> = [];
  const started: number[] = [];
  const run = () => {
    started.push(state);
    return new Promise<string>((resolve) => ends.push(resolve));
  };
  return {
    run,
    change: () => state++,
    started,
    end: (i: number) => ends[i]!(`run ${i} saw ${started[i]}`),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one run at a time per key', () => {
  it('queues one run behind the running one, shared by every caller meanwhile, that sees the changes made until it starts', async () => {
    const once = oneAtATime<string>();
    const runs = controlledRuns();
    const first = once('k', runs.run);
    runs.change();
    const second = once('k', runs.run);
    runs.change();
    const third = once('k', runs.run);
    expect(second).toBe(third);
    expect(runs.started).toEqual([0]);

    runs.end(0);
    expect(await first).toBe('run 0 saw 0');
    await settle();
    // The waiting run started once, after the first ended, with both changes made meanwhile.
    expect(runs.started).toEqual([0, 2]);
    runs.end(1);
    expect(await second).toBe('run 1 saw 2');
    expect(await third).toBe('run 1 saw 2');
  });

  it('runs other keys beside it, and starts afresh once nothing runs', async () => {
    const once = oneAtATime<string>();
    const runs = controlledRuns();
    const a = once('a', runs.run);
    const b = once('b', runs.run);
    expect(runs.started).toEqual([0, 0]);
    runs.end(0);
    runs.end(1);
    await Promise.all([a, b]);
    await settle();
    void once('a', runs.run);
    expect(runs.started).toEqual([0, 0, 0]);
  });

  it('starts the waiting run after a failed one too', async () => {
    const once = oneAtATime<string>();
    let fail: (error: Error) => void = () => undefined;
    const failing = once('k', () => new Promise<string>((_, reject) => (fail = reject)));
    const next = once('k', () => Promise.resolve('after'));
    fail(new Error('thread gone'));
    await expect(failing).rejects.toThrow('thread gone');
    expect(await next).toBe('after');
  });
});
