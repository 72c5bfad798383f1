import type { ErrorEvent, GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { loadChunk, loadOnce } from '../../ui/lazy-chunk';
import { toBaselayer, type Baselayer } from './base-layers';
import { BASEMAP_LAYER, baseStyle, WORLD_BORDERS_SOURCE, WORLD_LAND_SOURCE } from './map-style';
import { loadWorldOutline } from './world-outline';

/** Tile failures before the map gives up on the tile server and shows the world outline alone. */
const TILE_FAILURES_BEFORE_OFFLINE = 2;

export type Maplibre = typeof import('maplibre-gl');

/**
 * maplibre-gl, most of a map page's JavaScript, as its own chunk: a page's own code and its first
 * questions to the server do not wait for it, and it is fetched once for every map of the tab.
 */
export const loadMaplibre = loadOnce((): Promise<Maplibre> => loadChunk(() => import('maplibre-gl'), { allStrings: false }));

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
  /**
   * Called once the map exists (before its style and tiles have loaded), with the map library for
   * markers and popups; may return a cleanup run before the map is removed.
   */
  onMap?: (map: MaplibreMap, maplibre: Maplibre) => void | (() => void);
  /** Called when no map can be shown here: no WebGL 2, or the map library could not be loaded. */
  onUnavailable?: () => void;
  /**
   * Called once the map's element is laid out (before the effects of the components around it run),
   * with its size: a caller can ask about the view the map will show before the map exists.
   */
  onRoom?: (size: { width: number; height: number }) => void;
  /**
   * While true the map is not made yet (its library still loads): the caller is about to know where
   * it opens, and the map then opens there, with what it shows, instead of drawing a view it leaves
   * at once. The view props of the render that releases it are where it opens.
   */
  hold?: boolean;
};

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

type MapStart = Pick<BaseMapProps, 'center' | 'zoom' | 'minZoom' | 'maxZoom' | 'onMap'>;
type MapReports = { shown: (layer: string) => void; ready: () => void };
type MapView = Pick<BaseMapProps, 'center' | 'zoom'>;

/** maplibre-gl's own labels (the map, its zoom and attribution buttons, popups, markers) in the interface's language. */
const mapLocale = (t: TFunction): Record<string, string> => ({
  'Map.Title': t('map.controls.map'),
  'NavigationControl.ZoomIn': t('map.controls.zoom_in'),
  'NavigationControl.ZoomOut': t('map.controls.zoom_out'),
  'AttributionControl.ToggleAttribution': t('map.controls.attribution'),
  'Popup.Close': t('map.controls.close_popup'),
  'Marker.Title': t('map.controls.marker'),
});

/** The map itself, with its tile fallback and the outline; returns what removes it and tells where it was. */
function createMap(
  maplibre: Maplibre,
  element: HTMLElement,
  layer: Baselayer,
  start: MapStart,
  locale: Record<string, string>,
  report: MapReports,
): () => MapView {
  const map = new maplibre.Map({
    locale,
    container: element,
    style: baseStyle(layer),
    center: start.center,
    zoom: start.zoom,
    minZoom: start.minZoom,
    maxZoom: start.maxZoom,
    // Spec 2 screen 11 bounds the map to latitude -90..90 and longitude -360..360. Web Mercator
    // already stops at about 85 degrees of latitude; maplibre brings the centre back within
    // -180..180 after each move, so a view narrower than the world stays within -360..360 (a wider
    // one asks for the whole world). Its `maxBounds` cannot be used for this: a span of 360 degrees
    // or more makes its matrix singular (maplibre-gl-js#6148), and the map never draws.
    dragRotate: false,
    pitchWithRotate: false,
    attributionControl: { compact: true },
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');

  let failures = 0;
  map.on('error', (event: ErrorEvent & { sourceId?: string }) => {
    const { sourceId } = event;
    if (sourceId !== 'basemap' || !map.getLayer(BASEMAP_LAYER)) return;
    failures += 1;
    if (failures >= TILE_FAILURES_BEFORE_OFFLINE) {
      map.setLayoutProperty(BASEMAP_LAYER, 'visibility', 'none');
      report.shown('offline');
    }
  });

  let gone = false;
  // `load` fires once; isStyleLoaded() stays false while tiles are pending, so it cannot be asked later.
  const loaded = new Promise<void>((resolve) => map.once('load', () => resolve()));
  void Promise.all([loadWorldOutline(), loaded]).then(
    ([outline]) => {
      if (gone) return;
      void (map.getSource(WORLD_LAND_SOURCE) as GeoJSONSource | undefined)?.setData(outline.land);
      void (map.getSource(WORLD_BORDERS_SOURCE) as GeoJSONSource | undefined)?.setData(outline.borders);
      const markReady = () => {
        if (!gone && map.isSourceLoaded(WORLD_LAND_SOURCE) && map.querySourceFeatures(WORLD_LAND_SOURCE).length > 0) report.ready();
        // maplibre-gl 5 types `once` as "this or a promise"; with a listener it is this.
        else if (!gone) void map.once('render', markReady);
      };
      void map.once('render', markReady);
    },
    (error: unknown) => {
      // Without the outline the map still shows its posts (and tiles, when a server answers).
      console.warn('The offline world outline could not be loaded', error);
    },
  );

  const cleanup = start.onMap?.(map, maplibre);
  return () => {
    gone = true;
    const view: MapView = { center: map.getCenter().toArray(), zoom: map.getZoom() };
    cleanup?.();
    map.remove();
    return view;
  };
}

/**
 * A maplibre-gl map on the chosen base layer, falling back to the offline world outline when the
 * tile server is unreachable (DESIGN section 7). `data-basemap` says which one is showing, and
 * `data-ready` turns true once the outline's land is drawn, for tests and for the curious.
 */
export function BaseMap(props: BaseMapProps) {
  const { center, zoom, minZoom, maxZoom, baselayer, label, className, onMap, onUnavailable, onRoom, hold = false } = props;
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const reportRoom = useEffectEvent((size: { width: number; height: number }) => onRoom?.(size));
  useLayoutEffect(() => {
    const element = container.current;
    if (element) reportRoom({ width: element.clientWidth, height: element.clientHeight });
  }, []);
  const layer = toBaselayer(baselayer);
  const [shown, setShown] = useState<string>(layer);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // The view props only set where the map opens (the latest before it is made); later moves belong to
  // the user, and a map made again (another base layer or language) opens where the user left the
  // last one.
  const opening = useEffectEvent((): MapStart => ({ center, zoom, minZoom, maxZoom, onMap }));
  const initial = useRef<MapStart | null>(null);
  const unavailable = !canDrawMaps() || failed;
  const reportUnavailable = useEffectEvent(() => onUnavailable?.());
  useEffect(() => {
    if (unavailable) reportUnavailable();
  }, [unavailable]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    setShown(layer);
    setReady(false);
    setFailed(false);
    let removed = false;
    let remove: (() => MapView) | null = null;
    const reports = { shown: setShown, ready: () => setReady(true) };
    const library = loadMaplibre();
    if (hold) {
      // Only fetched and run meanwhile: a failure is reported once the map is released.
      library.catch(() => undefined);
      return;
    }
    library.then(
      (maplibre) => {
        if (removed) return;
        const start = initial.current ?? opening();
        initial.current = start;
        remove = createMap(maplibre, element, layer, start, mapLocale(t), reports);
      },
      () => {
        if (!removed) setFailed(true);
      },
    );
    return () => {
      removed = true;
      if (remove && initial.current) initial.current = { ...initial.current, ...remove() };
    };
  }, [layer, t, hold]);

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
    >
      {failed ? <p className="map-unavailable">{t('map.library_failed')}</p> : null}
    </div>
  );
}
