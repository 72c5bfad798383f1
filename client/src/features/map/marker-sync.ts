import type { PostClusterFeature } from '@platform/shared';

/** What a drawn marker needs: removable from the map. */
export interface Removable {
  remove(): unknown;
}

/** A feature's identity on screen: the same key draws the same marker, so it is kept as it is. */
export function markerKey(feature: PostClusterFeature): string {
  const [lon, lat] = feature.geometry.coordinates;
  const p = feature.properties;
  return p.cluster ? `c:${lon},${lat}:${p.count}:${p.expansion_zoom}` : `p:${p.id}:${lon},${lat}:${p.color ?? ''}`;
}

/**
 * Brings the drawn markers in line with a new answer: markers whose feature is still there stay
 * (no flicker, and an element being pointed at or focused is not replaced), the others are
 * removed, and only new features get a marker.
 */
export function syncMarkers<M extends Removable>(
  drawn: Map<string, M>,
  features: readonly PostClusterFeature[],
  create: (feature: PostClusterFeature) => M,
): void {
  const wanted = new Map(features.map((feature) => [markerKey(feature), feature]));
  for (const [key, marker] of drawn) {
    if (wanted.has(key)) continue;
    marker.remove();
    drawn.delete(key);
  }
  for (const [key, feature] of wanted) if (!drawn.has(key)) drawn.set(key, create(feature));
}

/** Removes every drawn marker. */
export function clearMarkers(drawn: Map<string, Removable>): void {
  for (const marker of drawn.values()) marker.remove();
  drawn.clear();
}
