import { MAP_FIT_MAX_ZOOM } from '@platform/shared';

/** The posts map's zoom rules (spec 2 sections 2 and 9). */
export const POSTS_MAP_ZOOM = { min: 7, max: 18, default: 7, fitMax: MAP_FIT_MAX_ZOOM } as const;

/**
 * The lowest zoom the posts map allows: the spec's 7, unless the administrator's default view
 * opens wider (config zoom may be 0..18, spec 3), which must stay reachable.
 */
export const minZoomFor = (defaultZoom: number): number => Math.min(POSTS_MAP_ZOOM.min, Math.floor(defaultZoom));

/** Pixels kept clear around the posts when the map fits itself to them. */
export const POSTS_MAP_FIT_PADDING = 60;

/** Milliseconds the map waits after the last move before asking for clusters. */
export const MOVE_DEBOUNCE_MS = 250;

/** A viewport box the clusters endpoint accepts: latitude within -90..90, longitude within -360..360. */
export function clampBbox(west: number, south: number, east: number, north: number): [number, number, number, number] {
  const lon = (v: number) => Math.max(-360, Math.min(360, v));
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  if (east - west >= 360) return [-180, lat(south), 180, lat(north)];
  return [lon(west), lat(south), lon(east), lat(north)];
}
