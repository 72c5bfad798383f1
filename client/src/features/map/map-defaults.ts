import type { MapConfig } from '@platform/shared';
import { toBaselayer, type Baselayer } from './base-layers';

/** Where maps open when the deployment has no map settings yet (API-CONTRACT 6 defaults). */
const FALLBACK = { lat: -1.3048035, lon: 36.8473969, zoom: 2 };

const finite = (value: unknown, fallback: number, min: number, max: number): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max ? n : fallback;
};

export type MapDefaults = { center: [number, number]; zoom: number; baselayer: Baselayer; fitBounds: boolean };

/** The administrator's default view (`config/map.default_view`), with bad or missing parts replaced. */
export function mapDefaults(map: MapConfig | null): MapDefaults {
  const view = (map?.default_view ?? {}) as Record<string, unknown>;
  return {
    center: [finite(view.lon, FALLBACK.lon, -180, 180), finite(view.lat, FALLBACK.lat, -90, 90)],
    zoom: finite(view.zoom, FALLBACK.zoom, 0, 18),
    baselayer: toBaselayer(view.baselayer),
    fitBounds: view.fit_map_boundaries !== false && view.fit_map_boundaries !== 'false',
  };
}
