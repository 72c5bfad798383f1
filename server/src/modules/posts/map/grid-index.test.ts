import { describe, expect, it } from 'vitest';
import { GRID_MAX_ZOOM, GridIndex, type Bbox, type GridHit, type GridPoints } from './grid-index';

const WORLD: Bbox = [-180, -85.0511, 180, 85.0511];

/** A seeded generator (mulberry32): the same sequence of changes on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Point = { lon: number; lat: number; form: number };

function columns(posts: Map<number, Point[]>): GridPoints {
  const rows = [...posts].flatMap(([id, points]) => points.map((p) => ({ id, ...p })));
  return {
    lonE6: Int32Array.from(rows, (r) => Math.round(r.lon * 1e6)),
    latE6: Int32Array.from(rows, (r) => Math.round(r.lat * 1e6)),
    ids: Int32Array.from(rows, (r) => r.id),
    forms: Int32Array.from(rows, (r) => r.form),
  };
}

/** A viewport's answer in an order that does not depend on how the index was filled. */
const canonical = (hits: GridHit[]) =>
  hits.map((h) => `${h.id}:${h.form}:${h.count}:${h.expansion}:${h.lon.toFixed(9)}:${h.lat.toFixed(9)}`).sort();

/** Points around a few towns and some anywhere, as reports of a crisis fall. */
function pointsOf(next: () => number): Point[] {
  const towns = [
    [36.82, -1.29],
    [-74.0, 40.7],
    [179.9, -16.5],
    [-179.85, 65.0],
  ] as const;
  const count = next() < 0.8 ? 1 : 2;
  return Array.from({ length: count }, () => {
    const form = Math.floor(next() * 3) + 1;
    if (next() < 0.2) return { lon: next() * 360 - 180, lat: next() * 170 - 85, form };
    const [lon, lat] = towns[Math.floor(next() * towns.length)]!;
    // A tenth of the reports share their town's exact point (a gateway's default location).
    if (next() < 0.1) return { lon, lat, form };
    return { lon: lon + (next() - 0.5) * 0.2, lat: lat + (next() - 0.5) * 0.2, form };
  });
}

const VIEWPORTS: Bbox[] = [WORLD, [30, -10, 45, 5], [36.7, -1.4, 36.9, -1.2], [170, -30, -170, 70], [-200, -90, 200, 90]];

describe('the grid cluster index (issue 27)', () => {
  it('kept up to date through creates, moves and deletes, answers exactly as one built afresh', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const posts = new Map<number, Point[]>();
      for (let id = 1; id <= 300; id++) posts.set(id, pointsOf(next));
      const kept = new GridIndex(50, columns(posts));
      let nextId = 301;
      for (let step = 0; step < 400; step++) {
        const roll = next();
        const ids = [...posts.keys()];
        const changed = roll < 0.4 ? nextId++ : ids[Math.floor(next() * ids.length)]!;
        if (roll >= 0.4 && roll < 0.6) posts.delete(changed);
        else posts.set(changed, pointsOf(next));
        kept.update([changed], columns(new Map(posts.has(changed) ? [[changed, posts.get(changed)!]] : [])));
      }
      const fresh = new GridIndex(50, columns(posts));
      expect(kept.points).toBe(fresh.points);
      expect(kept.posts).toBe(posts.size);
      expect(kept.bounds()).toEqual(fresh.bounds());
      for (const viewport of VIEWPORTS)
        for (let zoom = 0; zoom <= GRID_MAX_ZOOM + 2; zoom++)
          expect(canonical(kept.query(viewport, zoom)), `seed ${seed}, zoom ${zoom}, ${viewport.join(',')}`).toEqual(
            canonical(fresh.query(viewport, zoom)),
          );
    }
  });

  it('counts every point of a viewport once, draws no two features within the radius, and zooms in to split', () => {
    const next = random(7);
    const posts = new Map<number, Point[]>();
    for (let id = 1; id <= 500; id++) posts.set(id, pointsOf(next));
    const radius = 40;
    const index = new GridIndex(radius, columns(posts));
    const total = [...posts.values()].reduce((sum, points) => sum + points.length, 0);
    const pixel = (lon: number, lat: number, zoom: number) => {
      const sin = Math.sin((lat * Math.PI) / 180);
      const world = 512 * 2 ** zoom;
      return [(lon / 360 + 0.5) * world, (0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI) * world];
    };
    for (let zoom = 0; zoom <= GRID_MAX_ZOOM + 1; zoom++) {
      const hits = index.query(WORLD, zoom);
      expect(hits.reduce((sum, hit) => sum + hit.count, 0)).toBe(total);
      for (const hit of hits.filter((h) => h.id < 0)) expect(hit.expansion).toBeGreaterThan(zoom);
      if (zoom > GRID_MAX_ZOOM) continue;
      const at = hits.map((h) => pixel(h.lon, h.lat, zoom));
      let closest = Infinity;
      for (let i = 0; i < at.length; i++)
        for (let j = i + 1; j < at.length; j++) closest = Math.min(closest, Math.hypot(at[i]![0]! - at[j]![0]!, at[i]![1]! - at[j]![1]!));
      expect(closest, `zoom ${zoom}`).toBeGreaterThan(radius / 2);
    }
  });

  it('gives a lone point as the post it is of, with its survey, and only inside the viewport', () => {
    const posts = new Map<number, Point[]>([
      [10, [{ lon: 0, lat: 0, form: 2 }]],
      [11, [{ lon: 90, lat: 45, form: 3 }]],
      [12, [{ lon: -90, lat: -45, form: 4 }]],
    ]);
    const index = new GridIndex(50, columns(posts));
    const hits = index.query(WORLD, 3);
    expect(hits.map((h) => [h.id, h.form, h.lon, h.lat]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [10, 2, 0, 0],
      [11, 3, 90, 45],
      [12, 4, -90, -45],
    ]);
    expect(index.query([80, 40, 100, 50], 3).map((h) => h.id)).toEqual([11]);
    expect(index.bounds()).toEqual([-90, -45, 90, 45]);
  });

  it('gives back every point to the micro-degree, past the latitudes the map cuts off too, and boxes them', () => {
    const next = random(7);
    const micro = () => Math.round((next() * 360 - 180) * 1e6) / 1e6;
    const posts = new Map<number, Point[]>();
    for (let id = 1; id <= 2000; id++) posts.set(id, [{ lon: micro(), lat: Math.round(micro() * (85 / 180) * 1e6) / 1e6, form: 1 }]);
    const hits = new GridIndex(50, columns(posts)).query(WORLD, GRID_MAX_ZOOM + 1);
    expect(hits).toHaveLength(2000);
    for (const hit of hits) expect([hit.lon, hit.lat]).toEqual([posts.get(hit.id)![0]!.lon, posts.get(hit.id)![0]!.lat]);

    // Mercator ends at ±85.0511°: points past it are drawn at its edge, and keep their own coordinates.
    const polar = new Map<number, Point[]>(
      [89.999999, -90, 85.051129, -86.5].map((lat, k) => [k + 1, [{ lon: -150 + 100 * k, lat, form: 1 }]]),
    );
    const index = new GridIndex(50, columns(polar));
    expect(
      index
        .query(WORLD, 3)
        .map((h) => [h.id, h.lon, h.lat])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [1, -150, 89.999999],
      [2, -50, -90],
      [3, 50, 85.051129],
      [4, 150, -86.5],
    ]);
    expect(index.bounds()).toEqual([-150, -90, 150, 89.999999]);
    // The northernmost point goes: the box shrinks to the next one, cut off too.
    index.update([1], columns(new Map()));
    expect(index.bounds()).toEqual([-50, -90, 150, 85.051129]);
  });

  it('answers a viewport across the antimeridian, and a post with two points counts once', () => {
    const posts = new Map<number, Point[]>([
      [1, [{ lon: 179.5, lat: 0, form: 1 }]],
      [
        2,
        [
          { lon: -179.5, lat: 0, form: 1 },
          { lon: 20, lat: 0, form: 1 },
        ],
      ],
    ]);
    const index = new GridIndex(50, columns(posts));
    expect(
      index
        .query([170, -10, -170, 10], 6)
        .map((h) => h.id)
        .sort(),
    ).toEqual([1, 2]);
    expect([index.points, index.posts]).toEqual([3, 2]);
    index.update([2], columns(new Map()));
    expect([index.points, index.posts]).toEqual([1, 1]);
    expect(index.bounds()).toEqual([179.5, 0, 179.5, 0]);
  });
});
