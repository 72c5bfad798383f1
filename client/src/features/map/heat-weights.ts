import type { PostClusterFeature } from '@platform/shared';

/** A heatmap point's reach in pixels: about the server's clustering radius, so neighbouring clusters blend. */
export const HEAT_RADIUS_PX = 50;

type HeatFeature = { type: 'Feature'; geometry: PostClusterFeature['geometry']; properties: { weight: number } };

/**
 * The heatmap's points for one answer: each cluster weighs by how many posts it holds against the
 * largest one in view (square root, so a cluster of 25,000 beside one of 300,000 still shows), a
 * single post as one. Without this every cluster of a million-post map drew the same blob.
 */
export function heatFeatures(features: readonly PostClusterFeature[]): HeatFeature[] {
  const countOf = (f: PostClusterFeature) => (f.properties.cluster ? f.properties.count : 1);
  const largest = features.reduce((max, f) => Math.max(max, countOf(f)), 1);
  return features.map((f) => ({ type: 'Feature', geometry: f.geometry, properties: { weight: Math.sqrt(countOf(f) / largest) } }));
}
