import { dayEnd, dayStart, isDay } from '../../i18n/days';
/** The activity page's date ranges (spec 2 screen 23 and section 4). */
export type ActivityRange = { kind: 'all' } | { kind: 'week' } | { kind: 'month' } | { kind: 'custom'; start: string; end: string };

/** A custom range is usable when both days are yyyy-mm-dd and the start is not after the end. */
export const isValidCustom = (start: string, end: string) => isDay(start) && isDay(end) && start <= end;

/**
 * The `created_after` / `created_before` of a range, in local time: the week starts on Monday,
 * the month on its first day, a custom range covers its whole end day. All time has none.
 */
export function rangeQuery(range: ActivityRange, now = new Date()): { created_after?: string; created_before?: string } {
  if (range.kind === 'all') return {};
  if (range.kind === 'week') {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
    return { created_after: start.toISOString() };
  }
  if (range.kind === 'month') return { created_after: new Date(now.getFullYear(), now.getMonth(), 1).toISOString() };
  return { created_after: dayStart(range.start), created_before: dayEnd(range.end) };
}

/** The line chart needs at least three points in some series, otherwise it shows no data (spec 2 section 8). */
export const hasEnoughPoints = (series: readonly { values: readonly unknown[] }[]) => series.some((s) => s.values.length >= 3);
