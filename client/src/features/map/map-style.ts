import type { StyleSpecification } from 'maplibre-gl';
import { TILE_SERVERS, type Baselayer } from './base-layers';

export const BASEMAP_SOURCE = 'basemap';
export const BASEMAP_LAYER = 'basemap-tiles';
export const WORLD_LAND_SOURCE = 'world-land';
export const WORLD_BORDERS_SOURCE = 'world-borders';
export const GRATICULE_SOURCE = 'graticule';

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

/** The base map's colours: the `--color-map-*` design tokens (tokens.css), read where the page has them. */
export type MapColors = { sea: string; grid: string; land: string; border: string };

const TOKEN_FALLBACK: MapColors = { sea: '#dfe8ef', grid: 'rgba(29, 90, 134, 0.1)', land: '#f6f8f9', border: '#b7c4cf' };

export function mapColors(root: Element | null = globalThis.document?.documentElement ?? null): MapColors {
  if (!root) return TOKEN_FALLBACK;
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    sea: token('--color-map-bg', TOKEN_FALLBACK.sea),
    grid: token('--color-map-grid', TOKEN_FALLBACK.grid),
    land: token('--color-map-land', TOKEN_FALLBACK.land),
    border: token('--color-map-land-line', TOKEN_FALLBACK.border),
  };
}

/**
 * Meridians and parallels every `step` degrees: without tiles the sea is not an empty plane but a
 * chart, which reads as a map on purpose. Web Mercator draws them straight, so two points a line do.
 */
export function graticule(step = 15) {
  const lines: [number, number][][] = [];
  for (let lon = -180; lon <= 180; lon += step)
    lines.push([
      [lon, -85],
      [lon, 85],
    ]);
  for (let lat = -75; lat <= 75; lat += step)
    lines.push([
      [-180, lat],
      [180, lat],
    ]);
  return {
    type: 'FeatureCollection' as const,
    features: lines.map((coordinates) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'LineString' as const, coordinates },
    })),
  };
}

/**
 * The base style: sea, the shipped world outline (land and borders), and on top of it the chosen
 * tile server's raster layer. The outline stays underneath, so when tiles cannot load (no tile
 * server reachable) hiding the raster layer leaves a usable map. No glyphs or sprites: nothing here
 * needs the network.
 */
export function baseStyle(layer: Baselayer, colors: MapColors = mapColors()): StyleSpecification {
  const server = layer === 'offline' ? null : TILE_SERVERS[layer];
  return {
    version: 8,
    sources: {
      [GRATICULE_SOURCE]: { type: 'geojson', data: graticule() },
      [WORLD_LAND_SOURCE]: { type: 'geojson', data: EMPTY },
      [WORLD_BORDERS_SOURCE]: { type: 'geojson', data: EMPTY },
      ...(server
        ? {
            [BASEMAP_SOURCE]: {
              type: 'raster',
              tiles: server.tiles,
              tileSize: server.tileSize,
              maxzoom: server.maxzoom,
              attribution: server.attribution,
            },
          }
        : {}),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colors.sea } },
      { id: 'graticule', type: 'line', source: GRATICULE_SOURCE, paint: { 'line-color': colors.grid, 'line-width': 1 } },
      { id: 'world-land', type: 'fill', source: WORLD_LAND_SOURCE, paint: { 'fill-color': colors.land } },
      { id: 'world-borders', type: 'line', source: WORLD_BORDERS_SOURCE, paint: { 'line-color': colors.border, 'line-width': 0.8 } },
      ...(server ? [{ id: BASEMAP_LAYER, type: 'raster' as const, source: BASEMAP_SOURCE }] : []),
    ],
  };
}
