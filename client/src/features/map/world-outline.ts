import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import outlineUrl from 'world-atlas/countries-110m.json?url';
import { loadOnce } from '../../ui/lazy-chunk';

export type WorldOutline = { land: FeatureCollection; borders: FeatureCollection };

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * The offline base layer: Natural Earth 1:110m countries shipped with the app (world-atlas) as a
 * data file, fetched the first time a map needs it, so no tile server is needed to see where posts
 * are. Data, not code: the browser parses it as JSON, and a failed fetch is tried again next time.
 */
export const loadWorldOutline = loadOnce((): Promise<WorldOutline> =>
  fetch(outlineUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`world outline: HTTP ${res.status}`);
      return res.json() as Promise<Countries>;
    })
    .then((topology) => {
      const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
      return {
        land: unwrapped(feature(topology, topology.objects.land)),
        borders: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: borders }] },
      };
    }),
);

/**
 * Rings that cross the antimeridian (Fiji, Chukotka) jump between 180 and -180 degrees; a flat map
 * would draw that jump as a band across the world. Each point is moved by whole turns to stay next
 * to the one before, so the ring runs on past 180 instead. A ring that does not close again after
 * that (Antarctica circles the pole) is kept as it was.
 */
function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  const out: Position[] = [];
  for (const [lon, lat] of ring) {
    const previous = out.at(-1);
    if (previous) {
      const step = lon! + offset - previous[0]!;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    out.push([lon! + offset, lat!]);
  }
  return offset === 0 ? out : ring;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

function unwrapped(collection: FeatureCollection): FeatureCollection {
  return { ...collection, features: collection.features.map((f: Feature) => ({ ...f, geometry: unwrapGeometry(f.geometry) })) };
}
