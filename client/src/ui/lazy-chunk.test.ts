import { describe, expect, it } from 'vitest';
import { loadOnce } from './lazy-chunk';

describe('loadOnce', () => {
  it('shares the first load, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return calls;
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b]).toEqual([2, 2]);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
