/**
 * A cluster's diameter: 28 px for a few posts to 48 for a million, under the 50 px clustering radius,
 * as the server keeps neighbouring clusters' centres about that far apart (up to 64 px, they hid
 * each other's counts).
 */
export function clusterSize(count: number): number {
  return Math.round(Math.min(48, 28 + Math.log10(Math.max(1, count)) * 3.4));
}
