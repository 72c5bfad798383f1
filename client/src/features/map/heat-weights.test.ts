import type { PostClusterFeature } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { heatFeatures } from './heat-weights';

const cluster = (count: number): PostClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [36.8, -1.3] },
  properties: { cluster: true, count, expansion_zoom: 5 },
});
const point = (id: number): PostClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [36.8, -1.3] },
  properties: { cluster: false, id, form_id: 1, color: null },
});

describe('heatFeatures', () => {
  it('weighs each cluster against the largest in view, by the square root of its share', () => {
    const weights = heatFeatures([cluster(316_000), cluster(179_000), cluster(25_000), point(1)]).map((f) => f.properties.weight);
    expect(weights[0]).toBe(1);
    expect(weights[1]).toBeCloseTo(0.753, 3);
    expect(weights[2]).toBeCloseTo(0.281, 3);
    expect(weights[3]).toBeCloseTo(0.00178, 5);
    // Ordered by size, never equal: the old weight gave every cluster of 100 posts or more the same 1.
    expect(new Set(weights).size).toBe(4);
  });

  it('gives single posts full weight when nothing in view is grouped', () => {
    expect(heatFeatures([point(1), point(2)]).map((f) => f.properties.weight)).toEqual([1, 1]);
    expect(heatFeatures([])).toEqual([]);
  });

  it('keeps the positions', () => {
    expect(heatFeatures([cluster(3)])[0]!.geometry).toEqual({ type: 'Point', coordinates: [36.8, -1.3] });
  });
});
