import { clampBbox, fittedView, MAP_FIT_PADDING, type MapSize, type PostClusterFeature } from '@platform/shared';
import type { GeoJSONSource, Map as MaplibreMap, Marker } from 'maplibre-gl';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/query';
import { useConfig } from '../../providers/config-context';
import { formatShortCount } from '../../i18n/numbers';
import { BaseMap, type Maplibre } from './BaseMap';
import { mapDefaults } from './map-defaults';
import { minZoomFor, MOVE_DEBOUNCE_MS, POSTS_MAP_ZOOM } from './map-view-rules';
import { markerColor } from './marker-color';
import { clusterSize } from './cluster-size';
import { heatFeatures, HEAT_RADIUS_PX } from './heat-weights';
import { useViewportClusters, type ClusterRequest } from './useViewportClusters';
import { clearMarkers, syncMarkers } from './marker-sync';
import { PIN_POPUP_OFFSET, popupMaxWidth, popupPan } from './popup-placement';

const HEAT_SOURCE = 'posts-heat';
/** The longest a fitted map waits for its first answer before it opens at the default view. */
const HOLD_MAP_MS = 1000;
const HEAT_LAYER = 'posts-heatmap';
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

/** The map with its library (markers, popups and bounds are made with it). */
/**
 * The map on screen. `removed` turns true as BaseMap removes it: a change of language removes the
 * map and makes another in the same commit, so this component's effects for that commit still hold
 * the removed one.
 */
type Shown = { map: MaplibreMap; maplibre: Maplibre; removed: boolean };
/** The point whose popup is open, with the element its card is drawn into. */
type Selected = { id: number; lngLat: [number, number]; node: HTMLElement };
/** `unavailable`: no map can be shown in this browser (it says why in its place). */
export type PostsMapStatus = { state: 'loading' | 'ready' | 'failed' | 'unavailable'; total: number | null };

/** A 32 by 32 pin in the survey colour (spec 2 section 2); the colour was checked by markerColor. */
const pinSvg = (color: string) =>
  `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><path d="M16 1.5c-5.8 0-10.5 4.6-10.5 10.4 0 7.7 10.5 18.6 10.5 18.6s10.5-10.9 10.5-18.6C26.5 6.1 21.8 1.5 16 1.5z" fill="${color}" stroke="#ffffff" stroke-width="1.5"/><circle cx="16" cy="12" r="4" fill="#ffffff"/></svg>`;

/**
 * The posts map (spec 2 screen 11): server-side clusters and points for the viewport, zoom and
 * filters (contracts-extra `GET /posts/clusters`), fetched after each move; clusters zoom in on
 * click, points open a popup card; an optional heatmap over the same features. Pushed post events
 * fetch again, so new posts appear without a reload.
 */
export function PostsMap({
  query,
  heatmap = false,
  className,
  onStatus,
  Popup,
}: {
  query: Query;
  heatmap?: boolean;
  className?: string;
  onStatus?: (status: PostsMapStatus) => void;
  /** What an opened point shows: the map knows points, the caller knows what a post card is. */
  Popup: ComponentType<{ id: number }>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const config = useConfig();
  const view = mapDefaults(config.map);
  const [shown, setShown] = useState<Shown | null>(null);
  // The heatmap's source and layer are added once the style has loaded; markers need not wait for it.
  const [styled, setStyled] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);
  // No map can be shown in this browser: that is what the status says, whatever the clusters do.
  const [unavailable, setUnavailable] = useState(false);
  const fitted = useRef(false);
  const drawn = useRef(new Map<string, Marker>());
  const report = useEffectEvent((status: PostsMapStatus) => onStatus?.(status));

  // The map's first question (the clusters of the view it opens at, fitted to the posts, with their
  // bbox) goes out as soon as the map's room is laid out, while the map library is still on its way;
  // then the viewport is asked for after each move.
  const room = useRef<MapSize | undefined>(undefined);
  const minZoom = minZoomFor(view.zoom);
  const [request, setRequest] = useState<ClusterRequest | null>(null);
  useLayoutEffect(() => {
    if (!view.fitBounds) return;
    const size = room.current;
    setRequest((current) => current ?? { fit: true, minZoom, size });
  }, [view.fitBounds, minZoom]);
  const clusters = useViewportClusters(query, request);
  const data = clusters.data ?? null;

  // A fitted map is made once the first answer is in (or after HOLD_MAP_MS), at the fitted view and
  // with its markers: it neither draws the opening view it would leave at once nor draws itself
  // again and again while that answer is on its way.
  const answered = request?.fit === true && (clusters.isSuccess || clusters.isError) && !clusters.isPlaceholderData;
  const [released, setReleased] = useState(!view.fitBounds);
  if (answered && !released) setReleased(true);
  useEffect(() => {
    if (released) return;
    const timer = setTimeout(() => setReleased(true), HOLD_MAP_MS);
    return () => clearTimeout(timer);
  }, [released]);
  const opening =
    request?.fit && request.size && answered && clusters.data?.bbox
      ? fittedView(clusters.data.bbox, request.size, request.minZoom).camera
      : null;

  // The answer's markers go on a new map before it draws its first frame, not after the render its
  // `setShown` brings (the markers effect below then finds them there): the map's first frames each
  // take a while on a slow machine, and the posts would wait for them.
  const latest = useRef({ data, heatmap, t, language });
  useEffect(() => {
    latest.current = { data, heatmap, t, language };
  });
  const drawAtOnce = (on: Shown) => {
    const now = latest.current;
    if (now.heatmap) return;
    const words = { t: now.t, language: now.language };
    syncMarkers(drawn.current, now.data?.features ?? [], (feature) => markerFor(feature, on, words, setSelected).addTo(on.map));
  };

  // BaseMap calls it as it makes a map (the one of that render): it need not keep its identity.
  const onMap = (created: MaplibreMap, maplibre: Maplibre) => {
    void created.once('load', () => {
      created.addSource(HEAT_SOURCE, { type: 'geojson', data: EMPTY });
      created.addLayer({
        id: HEAT_LAYER,
        type: 'heatmap',
        source: HEAT_SOURCE,
        layout: { visibility: 'none' },
        paint: {
          'heatmap-weight': ['get', 'weight'],
          // The largest cluster in view (weight 1) reaches the ramp's hot end.
          'heatmap-intensity': 3,
          'heatmap-radius': HEAT_RADIUS_PX,
          'heatmap-opacity': 0.8,
        },
      });
      setStyled(true);
    });
    const current: Shown = { map: created, maplibre, removed: false };
    drawAtOnce(current);
    setShown(current);
    return () => {
      current.removed = true;
      // Markers are drawn for one map (in one language: another makes another map); they go with it.
      clearMarkers(drawn.current);
      setShown(null);
      setStyled(false);
    };
  };

  // The viewport after each move settles (and at once when the map does not fit itself to the posts).
  // While a fitted map waits for its first answer, only the user's own moves ask for their viewport
  // (they chose where to look): a move of the map's own, such as a resize of its frame, would
  // otherwise replace the fitted question, and the map would never fit itself to the posts.
  useEffect(() => {
    if (!shown) return;
    const { map } = shown;
    let moveTimer: ReturnType<typeof setTimeout> | undefined;
    const askForViewport = () => {
      const b = map.getBounds();
      setRequest({ fit: false, zoom: map.getZoom(), bbox: clampBbox(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()) });
    };
    const onMove = (event: { originalEvent?: unknown }) => {
      if (view.fitBounds && !fitted.current && !event.originalEvent) return;
      clearTimeout(moveTimer);
      moveTimer = setTimeout(askForViewport, MOVE_DEBOUNCE_MS);
    };
    map.on('moveend', onMove);
    if (!view.fitBounds) askForViewport();
    return () => {
      clearTimeout(moveTimer);
      map.off('moveend', onMove);
    };
  }, [shown, view.fitBounds]);

  // The first answer carries the world's bbox, there whenever a post matches: the map fits itself
  // to every matching post (the clusters' centres lie inside it, so fitting them cut the posts at its
  // edges off once the map clustered again), capped at zoom 15, and shows that answer's clusters,
  // which are already the fitted view's. Its move asks for the viewport; without posts the world's
  // answer stays until the first move.
  useEffect(() => {
    if (!shown || shown.removed || fitted.current || !request?.fit || clusters.isPlaceholderData) return;
    // Without a first answer the map stays at its default view, and its moves ask for their viewport.
    if (clusters.isError) fitted.current = true;
    if (!clusters.isSuccess) return;
    fitted.current = true;
    const { map } = shown;
    const bbox = clusters.data.bbox;
    if (bbox) map.fitBounds(bbox, { padding: MAP_FIT_PADDING, maxZoom: POSTS_MAP_ZOOM.fitMax, duration: 0 });
  }, [shown, request, clusters.isSuccess, clusters.isError, clusters.isPlaceholderData, clusters.data]);

  useEffect(() => {
    if (unavailable) report({ state: 'unavailable', total: null });
    else if (clusters.isError) report({ state: 'failed', total: null });
    else if (clusters.isFetching || !clusters.data) report({ state: 'loading', total: null });
    else report({ state: 'ready', total: clusters.data.total });
  }, [unavailable, clusters.isError, clusters.isFetching, clusters.data]);

  // Markers (or the heatmap) for the current answer.
  useEffect(() => {
    if (!shown || shown.removed) return;
    const { map } = shown;
    const features = data?.features ?? [];
    if (styled) {
      void (map.getSource(HEAT_SOURCE) as GeoJSONSource | undefined)?.setData({
        type: 'FeatureCollection',
        features: heatmap ? heatFeatures(features) : [],
      });
      map.setLayoutProperty(HEAT_LAYER, 'visibility', heatmap ? 'visible' : 'none');
    }
    if (heatmap) return clearMarkers(drawn.current);
    syncMarkers(drawn.current, features, (feature) => markerFor(feature, shown, { t, language }, setSelected).addTo(map));
  }, [shown, styled, data, heatmap, t, language]);
  // The popup card of the selected point.
  useEffect(() => {
    if (!shown || shown.removed || !selected) return;
    const { map, maplibre } = shown;
    const frame = map.getContainer();
    const popup = new maplibre.Popup({ offset: PIN_POPUP_OFFSET, maxWidth: popupMaxWidth(frame.clientWidth), focusAfterOpen: true })
      .setLngLat(selected.lngLat)
      .setDOMContent(selected.node)
      .addTo(map);
    popup.on('close', () => setSelected((current) => (current === selected ? null : current)));
    // The card replaces "Loading" once the post arrives: placed again at its new size, the popup
    // turns to the side with room, and the map pans when no side has enough (a phone's map).
    const resized = new ResizeObserver(() => {
      popup.setLngLat(selected.lngLat);
      const [dx, dy] = popupPan(popup.getElement().getBoundingClientRect(), frame.getBoundingClientRect());
      if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 200 });
    });
    resized.observe(selected.node);
    return () => {
      resized.disconnect();
      popup.remove();
    };
  }, [shown, selected]);

  return (
    <>
      <BaseMap
        className={className ?? 'map-view-canvas'}
        label={t('map.region')}
        center={opening?.center ?? view.center}
        zoom={opening?.zoom ?? view.zoom}
        hold={!released}
        minZoom={minZoom}
        maxZoom={POSTS_MAP_ZOOM.max}
        baselayer={view.baselayer}
        onMap={onMap}
        onRoom={(size) => (room.current = size)}
        onUnavailable={() => setUnavailable(true)}
      />
      {selected ? createPortal(<Popup id={selected.id} />, selected.node) : null}
    </>
  );
}

function markerFor(
  feature: PostClusterFeature,
  { map, maplibre }: Shown,
  { t, language }: { t: (key: string, options?: Record<string, unknown>) => string; language: string },
  select: (selected: Selected) => void,
): Marker {
  const [lon, lat] = feature.geometry.coordinates;
  const element = document.createElement('button');
  element.type = 'button';
  const p = feature.properties;
  if (p.cluster) {
    const size = clusterSize(p.count);
    element.className = 'map-cluster';
    // A circle, or a pill where the count's words are longer (Arabic's "132 ألف").
    element.style.minWidth = `${size}px`;
    element.style.height = `${size}px`;
    element.textContent = formatShortCount(p.count, language);
    element.setAttribute('aria-label', t('map.cluster', { count: p.count }));
    element.dataset.count = String(p.count);
    element.addEventListener('click', (event) => {
      event.stopPropagation();
      map.easeTo({ center: [lon, lat], zoom: Math.min(p.expansion_zoom, map.getMaxZoom()) });
    });
    return new maplibre.Marker({ element }).setLngLat([lon, lat]);
  }
  const color = markerColor(p.color);
  element.className = 'map-marker';
  element.innerHTML = pinSvg(color);
  element.setAttribute('aria-label', t('map.marker', { id: p.id }));
  element.dataset.postId = String(p.id);
  element.dataset.color = color;
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    const node = document.createElement('div');
    node.className = 'map-popup-content';
    select({ id: p.id, lngLat: [lon, lat], node });
  });
  return new maplibre.Marker({ element, anchor: 'bottom' }).setLngLat([lon, lat]);
}
