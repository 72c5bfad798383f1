import { TIMELINE_INTERVAL_MS as DAY, withEmptyBuckets } from './timeline-gaps';
import type { TimelineSeries } from './useActivityData';

export type TimelineUnit = 'day' | 'week' | 'month';

/** Up to this many days the line has a point a day (a quarter). */
const DAYS_UP_TO = 92;
/** Up to this many days it has a point a week; beyond, a point a month. */
const WEEKS_UP_TO = 731;

/** The UTC Monday a day's week starts on. */
const weekOf = (time: number) => time - ((new Date(time).getUTCDay() + 6) % 7) * DAY;
/** The first UTC day of a day's month. */
const monthOf = (time: number) => {
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
/** When the bucket starting at `start` ends. */
const bucketEnd = (unit: TimelineUnit, start: number): number => {
  if (unit === 'day') return start + DAY;
  if (unit === 'week') return start + 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

export type GroupedTimeline = {
  unit: TimelineUnit;
  series: TimelineSeries[];
  /**
   * The line's last stretch, from the point before to the last point, when the last point's day,
   * week or month is still going on: it counts only the posts so far, so the line drops there.
   */
  inProgress: [number, number] | null;
};

/** The last stretch of the line when its last bucket holds `now` (see `GroupedTimeline`). */
function inProgressOf(unit: TimelineUnit, series: readonly TimelineSeries[], now: number): [number, number] | null {
  const times = [...new Set(series.flatMap((s) => s.points.map(([time]) => time)))].sort((a, b) => a - b);
  const [before, last] = times.slice(-2);
  if (before === undefined || last === undefined || now < last || now >= bucketEnd(unit, last)) return null;
  return [before, last];
}

/**
 * The activity line at a scale a reader can follow: days for up to a quarter, weeks (from Monday)
 * for up to two years, months beyond. Two years of days is 730 points a survey, drawn as noise.
 * The server's day buckets are filled first (`withEmptyBuckets`), then summed per week or month.
 */
export function groupedTimeline(series: readonly TimelineSeries[], now = Date.now()): GroupedTimeline {
  const filled = withEmptyBuckets(series);
  const times = filled.flatMap((s) => s.points.map(([time]) => time));
  const days = times.length === 0 ? 0 : (Math.max(...times) - Math.min(...times)) / DAY + 1;
  if (days <= DAYS_UP_TO) return { unit: 'day', series: filled, inProgress: inProgressOf('day', filled, now) };
  const unit: TimelineUnit = days <= WEEKS_UP_TO ? 'week' : 'month';
  const bucketOf = unit === 'week' ? weekOf : monthOf;
  const grouped = filled.map((s) => {
    const totals = new Map<number, number>();
    for (const [time, total] of s.points) {
      const bucket = bucketOf(time);
      totals.set(bucket, (totals.get(bucket) ?? 0) + total);
    }
    return { ...s, points: [...totals] };
  });
  return { unit, series: grouped, inProgress: inProgressOf(unit, grouped, now) };
}
