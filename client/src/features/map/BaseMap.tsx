import { Map as MaplibreMap, NavigationControl, type ErrorEvent, type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBaselayer } from './base-layers';
import { BASEMAP_LAYER, baseStyle, WORLD_BORDERS_SOURCE, WORLD_LAND_SOURCE } from './map-style';
import { loadWorldOutline } from './world-outline';

/** Tile failures before the map gives up on the tile server and shows the world outline alone. */
const TILE_FAILURES_BEFORE_OFFLINE = 2;

export type BaseMapProps = {
  /** [longitude, latitude] when the map opens. */
  center: [number, number];
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
  /** The stored base layer name (`streets`, `satellite`, `offline`, or an old MapQuest name). */
  baselayer?: unknown;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
  /** Called once the map exists; may return a cleanup run before the map is removed. */
  onMap?: (map: MaplibreMap) => void | (() => void);
};

/**
 * A maplibre-gl map on the chosen base layer, falling back to the offline world outline when the
 * tile server is unreachable (DESIGN section 7). `data-basemap` says which one is showing, and
 * `data-ready` turns true once the outline's land is drawn, for tests and for the curious.
 */
let webgl2: boolean | undefined;

/** maplibre-gl draws with WebGL2; without it (old browsers, some locked-down machines) no map can be shown. */
export function canDrawMaps(): boolean {
  if (webgl2 === undefined) {
    try {
      webgl2 = typeof document !== 'undefined' && document.createElement('canvas').getContext('webgl2') !== null;
    } catch {
      webgl2 = false;
    }
  }
  return webgl2;
}

export function BaseMap({ center, zoom, minZoom, maxZoom, baselayer, label, className, onMap }: BaseMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const layer = toBaselayer(baselayer);
  const [shown, setShown] = useState<string>(layer);
  const [ready, setReady] = useState(false);
  // The view props only set where the map opens; later moves belong to the user.
  const initial = useRef({ center, zoom, minZoom, maxZoom, onMap });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const start = initial.current;
    setShown(layer);
    setReady(false);
    const map = new MaplibreMap({
      container: element,
      style: baseStyle(layer),
      center: start.center,
      zoom: start.zoom,
      minZoom: start.minZoom,
      maxZoom: start.maxZoom,
      // Web Mercator already stops at about 85 degrees of latitude, the legacy map's -90..90 bound.
      dragRotate: false,
      pitchWithRotate: false,
      attributionControl: { compact: true },
    });
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');

    let failures = 0;
    map.on('error', (event: ErrorEvent & { sourceId?: string }) => {
      const { sourceId } = event;
      if (sourceId !== 'basemap' || !map.getLayer(BASEMAP_LAYER)) return;
      failures += 1;
      if (failures >= TILE_FAILURES_BEFORE_OFFLINE) {
        map.setLayoutProperty(BASEMAP_LAYER, 'visibility', 'none');
        setShown('offline');
      }
    });

    let removed = false;
    // `load` fires once; isStyleLoaded() stays false while tiles are pending, so it cannot be asked later.
    const loaded = new Promise<void>((resolve) => map.once('load', () => resolve()));
    void Promise.all([loadWorldOutline(), loaded]).then(([outline]) => {
      if (removed) return;
      void (map.getSource(WORLD_LAND_SOURCE) as GeoJSONSource | undefined)?.setData(outline.land);
      void (map.getSource(WORLD_BORDERS_SOURCE) as GeoJSONSource | undefined)?.setData(outline.borders);
      const markReady = () => {
        if (!removed && map.isSourceLoaded(WORLD_LAND_SOURCE) && map.querySourceFeatures(WORLD_LAND_SOURCE).length > 0) setReady(true);
        // maplibre-gl 5 types `once` as "this or a promise"; with a listener it is this.
        else if (!removed) void map.once('render', markReady);
      };
      void map.once('render', markReady);
    });

    const cleanup = start.onMap?.(map);
    return () => {
      removed = true;
      cleanup?.();
      map.remove();
    };
  }, [layer]);

  if (!canDrawMaps()) {
    return (
      <div className={className ?? 'base-map'} role="region" aria-label={label} data-basemap="none">
        <p className="map-unavailable">{t('map.no_webgl')}</p>
      </div>
    );
  }
  return (
    <div
      ref={container}
      className={className ?? 'base-map'}
      role="region"
      aria-label={label}
      data-basemap={shown}
      data-ready={ready ? 'true' : 'false'}
    />
  );
}
