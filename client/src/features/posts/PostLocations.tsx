import { LngLatBounds, Marker } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { getPostGeoJson } from '../../api/endpoints/posts';
import { useConfig } from '../../providers/config-context';
import { useServices } from '../../providers/services-context';
import { BaseMap } from '../map/BaseMap';
import { mapDefaults } from '../map/map-defaults';
import { useLoaded } from './useLoaded';

/** Spec 2 screen 11: after fitting its points the map zooms in no further than 15 (the post map too). */
export const FIT_MAX_ZOOM = 15;
const MARKER_COLOR = '#2274a5';

/**
 * The post's points from `GET /posts/{id}/geojson` (API-CONTRACT 9): a small map with a marker per
 * point, fitted to them, and the coordinates as a list.
 */
export function PostLocations({ postId, version, color }: { postId: number; version: string; color?: string | null }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const config = useConfig();
  const key = `geo:${postId}:${version}`;
  const geo = useLoaded(['post-geo', postId, version], () => getPostGeoJson(api, postId));
  if (!geo || geo.features.length === 0) return null;
  const f = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const points = geo.features.map((feature) => feature.geometry.coordinates as [number, number]);
  const [first] = points;
  return (
    <section className="post-locations" aria-label={t('post.locations')}>
      <h3 className="post-section-title">{t('post.locations')}</h3>
      <BaseMap
        key={key}
        className="base-map post-map"
        label={t('post.map_label')}
        center={first ?? [0, 0]}
        zoom={FIT_MAX_ZOOM}
        baselayer={mapDefaults(config.map).baselayer}
        onMap={(map) => {
          const markers = points.map((at) =>
            new Marker({ color: color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : MARKER_COLOR }).setLngLat(at).addTo(map),
          );
          if (points.length > 1) {
            const bounds = points.reduce((b, at) => b.extend(at), new LngLatBounds(points[0], points[0]));
            map.fitBounds(bounds, { padding: 32, maxZoom: FIT_MAX_ZOOM, animate: false });
          }
          return () => markers.forEach((m) => m.remove());
        }}
      />
      <ul className="post-value-list">
        {points.map(([lon, lat], i) => (
          // A coordinate pair reads left to right in every language; a minus sign would move otherwise.
          <li key={i}>
            <span dir="ltr">{`${f.format(lat)}, ${f.format(lon)}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
