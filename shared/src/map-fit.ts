import { MAP_FIT_MAX_ZOOM } from './schemas/post-stats';

/** maplibre-gl's tiles are 512 px: at zoom z the world is 512 * 2^z pixels wide. */
const WORLD_PX_AT_ZOOM_0 = 512;
/** Web Mercator stops here; maplibre keeps the centre within it. */
const MAX_LATITUDE = 85.051129;

export type Bbox = [west: number, south: number, east: number, north: number];
export type MapSize = { width: number; height: number };
export type Camera = { center: [lon: number, lat: number]; zoom: number };
export type FitOptions = { padding: number; minZoom: number; maxZoom: number };

/** Pixels a map fitted to its posts keeps clear around them. */
export const MAP_FIT_PADDING = 60;

const clampLatitude = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
/** Longitude and latitude to the world's unit square (x east, y south), as maplibre projects them. */
const mercatorX = (lon: number) => (lon + 180) / 360;
const mercatorY = (lat: number) => {
  const phi = (clampLatitude(lat) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
};
const longitudeOf = (x: number) => x * 360 - 180;
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * Where a map of `size` shows `bbox` whole, as maplibre-gl's `fitBounds` places it (the box's
 * projected middle, the zoom that fits it inside the padding, within the zoom limits). The server
 * answers a fitted map's first question with it (`GET /posts/clusters?fit=`), and the browser opens
 * the map there: both work it out the same way, before the map library has loaded.
 */
export function fitCamera(bbox: Bbox, size: MapSize, { padding, minZoom, maxZoom }: FitOptions): Camera {
  const [west, south, east, north] = bbox;
  const left = mercatorX(west);
  const right = mercatorX(east);
  const top = mercatorY(north);
  const bottom = mercatorY(south);
  const room = { x: Math.max(1, size.width - 2 * padding), y: Math.max(1, size.height - 2 * padding) };
  const span = { x: Math.abs(right - left) * WORLD_PX_AT_ZOOM_0, y: Math.abs(bottom - top) * WORLD_PX_AT_ZOOM_0 };
  const fits = Math.log2(Math.min(span.x > 0 ? room.x / span.x : Infinity, span.y > 0 ? room.y / span.y : Infinity));
  const zoom = Math.max(minZoom, Math.min(maxZoom, fits));
  return { center: [longitudeOf((left + right) / 2), clampLatitude(latitudeOf((top + bottom) / 2))], zoom };
}

/** What a map of `size` shows at `camera`: west, south, east, north (longitudes may pass ±180). */
export function cameraBounds({ center, zoom }: Camera, size: MapSize): Bbox {
  const worldPx = WORLD_PX_AT_ZOOM_0 * 2 ** zoom;
  const x = mercatorX(center[0]);
  const y = mercatorY(center[1]);
  const halfX = size.width / 2 / worldPx;
  const halfY = size.height / 2 / worldPx;
  const top = Math.max(0, y - halfY);
  const bottom = Math.min(1, y + halfY);
  return [longitudeOf(x - halfX), latitudeOf(bottom), longitudeOf(x + halfX), latitudeOf(top)];
}

/** A viewport box the clusters endpoint accepts: latitude within -90..90, longitude within -360..360. */
export function clampBbox(west: number, south: number, east: number, north: number): Bbox {
  const lon = (v: number) => Math.max(-360, Math.min(360, v));
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  if (east - west >= 360) return [-180, lat(south), 180, lat(north)];
  return [lon(west), lat(south), lon(east), lat(north)];
}

/**
 * A map of `size` fitted to `bbox` (padding MAP_FIT_PADDING, zoom from `minZoom` up to
 * MAP_FIT_MAX_ZOOM): where it opens, and the viewport it then shows, as the clusters endpoint takes it.
 */
export function fittedView(bbox: Bbox, size: MapSize, minZoom: number): { camera: Camera; viewport: Bbox } {
  const camera = fitCamera(bbox, size, { padding: MAP_FIT_PADDING, minZoom, maxZoom: MAP_FIT_MAX_ZOOM });
  const [west, south, east, north] = cameraBounds(camera, size);
  return { camera, viewport: clampBbox(west, south, east, north) };
}
