import { Marker, type Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../providers/config-context';
import { BaseMap } from '../../../map/BaseMap';
import { mapDefaults } from '../../../map/map-defaults';
import { pointOf } from '../../point-of';
import type { PointEntry } from '../post-form';

/** Spec 2 section 9: the location picker opens at zoom 8 in a map 265 px high. */
export const PICKER_ZOOM = 8;
export const PICKER_HEIGHT_PX = 265;
const MARKER_COLOR = '#2274a5';

/**
 * The location picker's map: opens on the entry's point (or the deployment's default centre),
 * shows the point as a marker and picks a new one where the person clicks.
 */
export function PickerMap({ point, label, onPick }: { point: PointEntry; label: string; onPick: (lat: number, lon: number) => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const defaults = mapDefaults(config.map);
  const at = pointOf(point);
  const start: [number, number] = at ? [at.lon, at.lat] : defaults.center;
  const mapRef = useRef<MaplibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const pickRef = useRef(onPick);
  const pointRef = useRef(point);
  useEffect(() => {
    pickRef.current = onPick;
    pointRef.current = point;
  });

  const place = (map: MaplibreMap, entry: PointEntry, move: boolean) => {
    const at = pointOf(entry);
    if (!at) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    markerRef.current ??= new Marker({ color: MARKER_COLOR });
    markerRef.current.setLngLat({ lat: at.lat, lon: at.lon }).addTo(map);
    if (move) map.jumpTo({ center: [at.lon, at.lat] });
  };

  // The map follows the point it is given: a pick, a place found by search or "Update map".
  useEffect(() => {
    if (mapRef.current) place(mapRef.current, point, true);
  }, [point.lat, point.lon]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <BaseMap
      className="base-map picker-map"
      label={t('post_editor.map_label', { label })}
      center={start}
      zoom={PICKER_ZOOM}
      baselayer={defaults.baselayer}
      onMap={(map) => {
        mapRef.current = map;
        map.getCanvas().style.cursor = 'crosshair';
        place(map, pointRef.current, false);
        map.on('click', (event) => {
          const { lat, lng } = event.lngLat.wrap();
          pickRef.current(lat, lng);
        });
        return () => {
          markerRef.current?.remove();
          markerRef.current = null;
          mapRef.current = null;
        };
      }}
    />
  );
}
