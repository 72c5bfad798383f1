import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './webhook-delivery.job';

describe('webhook retry backoff', () => {
  it('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelaySeconds(n, 10, 3600))).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560]);
    expect(retryDelaySeconds(10, 10, 3600)).toBe(3600);
    expect(retryDelaySeconds(40, 10, 3600)).toBe(3600);
    expect(retryDelaySeconds(1, 5, 2)).toBe(2);
  });
});
