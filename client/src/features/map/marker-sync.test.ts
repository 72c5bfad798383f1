import type { PostClusterFeature } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { clearMarkers, markerKey, syncMarkers } from './marker-sync';

const point = (id: number, lon: number, color: string | null = '#aa3300'): PostClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, 1] },
  properties: { cluster: false, id, form_id: 1, color },
});
const cluster = (count: number, lon: number): PostClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, 1] },
  properties: { cluster: true, count, expansion_zoom: 5 },
});

class Drawn {
  removed = false;
  constructor(readonly key: string) {}
  remove() {
    this.removed = true;
  }
}

describe('syncMarkers', () => {
  it('keeps the markers whose feature is unchanged, removes the gone ones and draws only the new ones', () => {
    const drawn = new Map<string, Drawn>();
    const created: string[] = [];
    const create = (f: PostClusterFeature) => {
      created.push(markerKey(f));
      return new Drawn(markerKey(f));
    };
    syncMarkers(drawn, [point(1, 10), point(2, 20), cluster(3, 30)], create);
    const kept = drawn.get(markerKey(point(1, 10)));
    const gone = drawn.get(markerKey(cluster(3, 30)));
    created.length = 0;

    syncMarkers(drawn, [point(1, 10), point(2, 21), cluster(4, 30)], create);
    expect(drawn.get(markerKey(point(1, 10)))).toBe(kept);
    expect(kept?.removed).toBe(false);
    expect(gone?.removed).toBe(true);
    expect(created).toEqual([markerKey(point(2, 21)), markerKey(cluster(4, 30))]);
    expect(drawn.size).toBe(3);
  });

  it('a point that changes colour or a cluster that changes count is drawn again', () => {
    expect(markerKey(point(1, 10, '#000000'))).not.toBe(markerKey(point(1, 10, '#ffffff')));
    expect(markerKey(cluster(2, 10))).not.toBe(markerKey(cluster(3, 10)));
    expect(markerKey(point(1, 10))).not.toBe(markerKey(point(2, 10)));
  });

  it('clearMarkers removes everything', () => {
    const drawn = new Map<string, Drawn>();
    syncMarkers(drawn, [point(1, 10), cluster(2, 20)], (f) => new Drawn(markerKey(f)));
    const all = [...drawn.values()];
    clearMarkers(drawn);
    expect(drawn.size).toBe(0);
    expect(all.every((m) => m.removed)).toBe(true);
  });
});
