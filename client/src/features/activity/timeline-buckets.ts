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

/**
 * The activity line at a scale a reader can follow: days for up to a quarter, weeks (from Monday)
 * for up to two years, months beyond. Two years of days is 730 points a survey, drawn as noise.
 * The server's day buckets are filled first (`withEmptyBuckets`), then summed per week or month.
 */
export function groupedTimeline(series: readonly TimelineSeries[]): { unit: TimelineUnit; series: TimelineSeries[] } {
  const filled = withEmptyBuckets(series);
  const times = filled.flatMap((s) => s.points.map(([time]) => time));
  const days = times.length === 0 ? 0 : (Math.max(...times) - Math.min(...times)) / DAY + 1;
  if (days <= DAYS_UP_TO) return { unit: 'day', series: filled };
  const unit: TimelineUnit = days <= WEEKS_UP_TO ? 'week' : 'month';
  const bucketOf = unit === 'week' ? weekOf : monthOf;
  return {
    unit,
    series: filled.map((s) => {
      const totals = new Map<number, number>();
      for (const [time, total] of s.points) {
        const bucket = bucketOf(time);
        totals.set(bucket, (totals.get(bucket) ?? 0) + total);
      }
      return { ...s, points: [...totals] };
    }),
  };
}
