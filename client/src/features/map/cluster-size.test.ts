import { describe, expect, it } from 'vitest';
import { clusterSize } from './cluster-size';

describe('clusterSize', () => {
  it('grows with the count and stays under the 50 px clustering radius', () => {
    const sizes = [1, 10, 1_000, 100_000, 1_000_000, 10_000_000].map(clusterSize);
    expect(sizes).toEqual([28, 31, 38, 45, 48, 48]);
  });
});
