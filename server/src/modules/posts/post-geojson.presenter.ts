import type { PointValue, PostGeoJson, PostGeoJsonCollection } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { resourceUrl } from '../../http/urls';
import { presentValues } from './post-values.presenter';
import type { PostView } from './posts.presenter';

type Options = { locationPrecision: number };

/** The points a caller may see on a post, field by field: the same privacy as `values`. */
function visiblePoints(auth: Auth, view: PostView, options: Options): Array<{ key: string; point: PointValue }> {
  const values = presentValues(auth, view.post, view.context, { locationPrecision: options.locationPrecision });
  const points: Array<{ key: string; point: PointValue }> = [];
  for (const attribute of view.context?.attributes ?? []) {
    if (attribute.type !== 'point') continue;
    for (const point of values[attribute.key] ?? []) points.push({ key: attribute.key, point: point as PointValue });
  }
  return points;
}

const geometry = ({ lat, lon }: PointValue) => ({ type: 'Point' as const, coordinates: [lon, lat] as [number, number] });

/** `GET /posts/{id}/geojson`: one feature per location value, `[lon, lat]` (API-CONTRACT 9). */
export function presentPostGeoJson(auth: Auth, view: PostView, options: Options): PostGeoJson {
  const color = view.context?.form.color ?? null;
  return {
    type: 'FeatureCollection',
    features: visiblePoints(auth, view, options).map(({ key, point }) => ({
      type: 'Feature',
      geometry: geometry(point),
      properties: { title: view.post.title, description: view.post.content, 'marker-color': color, id: view.post.id, attribute_key: key },
    })),
  };
}

/**
 * `GET /posts/geojson`: one feature per mapped post with all its points; posts without a visible
 * point make none. `total` counts every matching post, for paging; `bbox` echoes a box or tile.
 */
export function presentGeoJsonCollection(
  base: string,
  auth: Auth,
  views: PostView[],
  total: number,
  options: Options & { bbox?: [number, number, number, number] },
): PostGeoJsonCollection {
  const features: PostGeoJsonCollection['features'] = [];
  for (const view of views) {
    const points = visiblePoints(auth, view, options);
    if (points.length === 0) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'GeometryCollection', geometries: points.map(({ point }) => geometry(point)) },
      properties: {
        title: view.post.title,
        description: view.post.content,
        'marker-color': view.context?.form.color ?? null,
        id: view.post.id,
        url: resourceUrl(base, 'posts', view.post.id),
        source: view.post.source ?? 'web',
        data_source_message_id: view.post.data_source_message_id,
      },
    });
  }
  return { type: 'FeatureCollection', features, ...(options.bbox ? { bbox: options.bbox } : {}), total };
}
