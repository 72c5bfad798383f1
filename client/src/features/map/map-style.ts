import type { StyleSpecification } from 'maplibre-gl';
import { TILE_SERVERS, type Baselayer } from './base-layers';

export const BASEMAP_SOURCE = 'basemap';
export const BASEMAP_LAYER = 'basemap-tiles';
export const WORLD_LAND_SOURCE = 'world-land';
export const WORLD_BORDERS_SOURCE = 'world-borders';

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

/**
 * The base style: sea, the shipped world outline (land and borders), and on top of it the chosen
 * tile server's raster layer. The outline stays underneath, so when tiles cannot load (no tile
 * server reachable) hiding the raster layer leaves a usable map. No glyphs or sprites: nothing here
 * needs the network.
 */
export function baseStyle(layer: Baselayer): StyleSpecification {
  const server = layer === 'offline' ? null : TILE_SERVERS[layer];
  return {
    version: 8,
    sources: {
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
      { id: 'sea', type: 'background', paint: { 'background-color': '#d6e4ee' } },
      { id: 'world-land', type: 'fill', source: WORLD_LAND_SOURCE, paint: { 'fill-color': '#f5f2ea' } },
      { id: 'world-borders', type: 'line', source: WORLD_BORDERS_SOURCE, paint: { 'line-color': '#a8a294', 'line-width': 0.8 } },
      ...(server ? [{ id: BASEMAP_LAYER, type: 'raster' as const, source: BASEMAP_SOURCE }] : []),
    ],
  };
}
