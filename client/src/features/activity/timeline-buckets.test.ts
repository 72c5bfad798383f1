import { describe, expect, it } from 'vitest';
import { groupedTimeline } from './timeline-buckets';
import { TIMELINE_INTERVAL_MS as DAY } from './timeline-gaps';

/** One series with `total` posts on each of the given UTC days. */
const daily = (days: number[], total = 1) => [{ key: 'Roads', points: days.map((d): [number, number] => [d, total]) }];

describe('activity line scale', () => {
  it('keeps days for up to a quarter', () => {
    const start = Date.UTC(2026, 0, 1);
    const { unit, series } = groupedTimeline(daily([start, start + 91 * DAY]));
    expect(unit).toBe('day');
    expect(series[0]!.points).toHaveLength(92);
  });

  it('sums days into weeks starting on Monday beyond a quarter', () => {
    // Wednesday 2026-01-07 and Sunday 2026-01-11 fall in the week of Monday 2026-01-05.
    const wednesday = Date.UTC(2026, 0, 7);
    const { unit, series } = groupedTimeline(daily([wednesday, wednesday + 4 * DAY, wednesday + 120 * DAY], 3));
    expect(unit).toBe('week');
    const points = series[0]!.points;
    expect(points[0]).toEqual([Date.UTC(2026, 0, 5), 6]);
    expect(points[1]).toEqual([Date.UTC(2026, 0, 12), 0]);
    expect(points.at(-1)).toEqual([Date.UTC(2026, 4, 4), 3]);
    expect(points.reduce((sum, [, total]) => sum + total, 0)).toBe(9);
  });

  it('sums days into months beyond two years, every survey on the same months', () => {
    const first = Date.UTC(2024, 0, 15);
    const last = Date.UTC(2026, 1, 20);
    const { unit, series } = groupedTimeline([
      {
        key: 'Roads',
        points: [
          [first, 2],
          [first + DAY, 5],
          [last, 1],
        ],
      },
      { key: 'Rivers', points: [[Date.UTC(2025, 5, 30), 4]] },
    ]);
    expect(unit).toBe('month');
    expect(series[0]!.points).toHaveLength(26);
    expect(series[0]!.points[0]).toEqual([Date.UTC(2024, 0, 1), 7]);
    expect(series[0]!.points.at(-1)).toEqual([Date.UTC(2026, 1, 1), 1]);
    expect(series[1]!.points.map(([time]) => time)).toEqual(series[0]!.points.map(([time]) => time));
    expect(series[1]!.points.find(([time]) => time === Date.UTC(2025, 5, 1))).toEqual([Date.UTC(2025, 5, 1), 4]);
  });

  it('marks the last stretch when its day, week or month is still going on', () => {
    const monday = Date.UTC(2026, 10, 23);
    const weeks = daily([Date.UTC(2026, 5, 1), monday - 7 * DAY, monday + DAY]);
    // Wednesday of the last week: that week's posts so far.
    expect(groupedTimeline(weeks, monday + 2 * DAY + 3_600_000).inProgress).toEqual([monday - 7 * DAY, monday]);
    // The Monday after it: the last week is whole.
    expect(groupedTimeline(weeks, monday + 7 * DAY).inProgress).toBeNull();
    const days = daily([monday - DAY, monday]);
    expect(groupedTimeline(days, monday + 12 * 3_600_000).inProgress).toEqual([monday - DAY, monday]);
    expect(groupedTimeline(days, monday + DAY).inProgress).toBeNull();
    const months = daily([Date.UTC(2023, 0, 10), Date.UTC(2026, 10, 2)]);
    expect(groupedTimeline(months, Date.UTC(2026, 10, 30, 23)).inProgress).toEqual([Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1)]);
    expect(groupedTimeline(months, Date.UTC(2026, 11, 1)).inProgress).toBeNull();
    // A single point has no stretch to mark.
    expect(groupedTimeline(daily([monday]), monday + 3_600_000).inProgress).toBeNull();
  });
});
