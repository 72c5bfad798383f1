import type { TimelineSeries } from './useActivityData';

/** The stats timeline's buckets: whole UTC days (the server's default interval). */
export const TIMELINE_INTERVAL_MS = 86_400_000;
/** Beyond this many buckets the series are drawn as they came (about 55 years of days). */
const MAX_BUCKETS = 20_000;

/**
 * The stats timeline lists only the buckets that have posts; a line drawn through them alone would
 * show activity on the days between. Every series gets every bucket from the first to the last
 * that any series has, with 0 where it had none. Series whose buckets are not whole steps apart
 * are left as they are.
 */
export function withEmptyBuckets(series: readonly TimelineSeries[], interval = TIMELINE_INTERVAL_MS): TimelineSeries[] {
  const times = series.flatMap((s) => s.points.map(([time]) => time));
  if (times.length === 0) return [...series];
  const first = Math.min(...times);
  const last = Math.max(...times);
  const aligned = times.every((time) => (time - first) % interval === 0);
  if (!aligned || (last - first) / interval > MAX_BUCKETS) return [...series];
  return series.map((s) => {
    const totals = new Map(s.points);
    const points: [number, number][] = [];
    for (let time = first; time <= last; time += interval) points.push([time, totals.get(time) ?? 0]);
    return { ...s, points };
  });
}
