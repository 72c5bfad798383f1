/** Base layers an administrator can choose (spec 3 general settings; API-CONTRACT 6 `default_view.baselayer`). */
export const BASELAYERS = ['streets', 'satellite', 'offline'] as const;
export type Baselayer = (typeof BASELAYERS)[number];

/** A raster tile server behind a base layer; `offline` has none and draws only the shipped world outline. */
export type TileServer = { tiles: string[]; tileSize: number; maxzoom: number; attribution: string };

export const TILE_SERVERS: Record<Exclude<Baselayer, 'offline'>, TileServer> = {
  streets: {
    tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    tileSize: 256,
    maxzoom: 19,
    attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  },
  satellite: {
    tiles: ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
    tileSize: 256,
    maxzoom: 18,
    attribution: 'Esri, Maxar, Earthstar Geographics',
  },
};

/**
 * The stored layer name as one we draw. Old deployments store MapQuest names: MapQuestAerial is the
 * satellite layer and MapQuest the streets layer (spec 2 section 4); anything unknown is streets.
 */
export function toBaselayer(stored: unknown): Baselayer {
  if (stored === 'satellite' || stored === 'MapQuestAerial') return 'satellite';
  if (stored === 'offline') return 'offline';
  return 'streets';
}
