import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';

type PointProps = { k: number };
export type ClusterIndex = Supercluster<PointProps>;
export type Bbox = [number, number, number, number];

/**
 * One feature of a viewport: a cluster (`k` = -1) with its count and the zoom at which it splits,
 * or the point at position `k` of the coordinates the index was built from.
 */
export type ClusterHit = { lon: number; lat: number; k: number; count: number; expansion: number };

/** A zoom above every band's: asked at it, an index gives the points themselves, never clusters. */
export const POINTS_ZOOM = 99;

/**
 * Builds the index of one zoom band over the points (`lon[k]`, `lat[k]`); points closer than
 * `radius` pixels at a zoom are clustered at it.
 */
export function buildIndex(lon: Float64Array, lat: Float64Array, [minZoom, maxZoom]: [number, number], radius: number): ClusterIndex {
  const features: Array<PointFeature<PointProps>> = new Array(lon.length);
  for (let k = 0; k < lon.length; k++) {
    features[k] = { type: 'Feature', geometry: { type: 'Point', coordinates: [lon[k]!, lat[k]!] }, properties: { k } };
  }
  return new Supercluster<PointProps>({ radius, minZoom, maxZoom }).load(features);
}

/**
 * supercluster's `getClusterExpansionZoom`, without its last step: when the walk reaches the band's
 * raw points it would materialise every point of the cluster (all of them, for a world view) only
 * to learn that there is more than one. A band index clusters up to `maxZoom`; past it, it splits.
 */
export function expansionZoom(index: ClusterIndex, clusterId: number, pointCount: number): number {
  const maxZoom = (index as unknown as { options: { maxZoom: number } }).options.maxZoom;
  const originZoom = (id: number) => (id - pointCount) % 32;
  let zoom = originZoom(clusterId) - 1;
  let current = clusterId;
  while (zoom <= maxZoom) {
    const raw = originZoom(current) > maxZoom;
    zoom++;
    if (raw) break;
    const children = index.getChildren(current);
    if (children.length !== 1) break;
    current = (children[0]!.properties as ClusterProperties).cluster_id;
  }
  return zoom;
}

/** The clusters and points of a viewport at a zoom; `count` is the number of points indexed. */
export function clustersOf(index: ClusterIndex, bbox: Bbox, zoom: number, count: number): ClusterHit[] {
  return index.getClusters(bbox, zoom).map((feature) => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as ClusterProperties | PointProps;
    if ('cluster' in props && props.cluster)
      return { lon, lat, k: -1, count: props.point_count, expansion: expansionZoom(index, props.cluster_id, count) };
    return { lon, lat, k: (props as PointProps).k, count: 1, expansion: 0 };
  });
}
