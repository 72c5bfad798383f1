import { describe, expect, it } from 'vitest';
import { eachInTurn, includesSelf } from './bulk';

describe('bulk user actions', () => {
  it('refuses a selection that includes yourself', () => {
    expect(includesSelf([3, 4], 4)).toBe(true);
    expect(includesSelf([3, 4], 5)).toBe(false);
    expect(includesSelf([3, 4], null)).toBe(false);
  });

  it('runs one call at a time and reports each failure', async () => {
    const order: number[] = [];
    let running = 0;
    const result = await eachInTurn([1, 2, 3], async (id) => {
      running++;
      expect(running).toBe(1);
      order.push(id);
      await Promise.resolve();
      running--;
      if (id === 2) throw new Error('refused');
    });
    expect(order).toEqual([1, 2, 3]);
    expect(result.done).toEqual([1, 3]);
    expect(result.failed.map((f) => f.id)).toEqual([2]);
  });
});
