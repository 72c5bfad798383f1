import { describe, expect, it } from 'vitest';
import { TIMELINE_INTERVAL_MS as DAY, withEmptyBuckets } from './timeline-gaps';

describe('timeline buckets without posts', () => {
  const start = Date.UTC(2026, 1, 10);

  it('every series gets a 0 for each day between the first and last day any series has', () => {
    const filled = withEmptyBuckets([
      {
        key: 'Roads',
        points: [
          [start, 2],
          [start + 3 * DAY, 1],
        ],
      },
      { key: 'Rivers', points: [[start + DAY, 4]] },
    ]);
    expect(filled).toEqual([
      {
        key: 'Roads',
        points: [
          [start, 2],
          [start + DAY, 0],
          [start + 2 * DAY, 0],
          [start + 3 * DAY, 1],
        ],
      },
      {
        key: 'Rivers',
        points: [
          [start, 0],
          [start + DAY, 4],
          [start + 2 * DAY, 0],
          [start + 3 * DAY, 0],
        ],
      },
    ]);
  });

  it('leaves series alone when there is nothing to fill or the buckets are not whole days apart', () => {
    expect(withEmptyBuckets([])).toEqual([]);
    expect(withEmptyBuckets([{ key: 'x', points: [] }])).toEqual([{ key: 'x', points: [] }]);
    const odd = [
      {
        key: 'x',
        points: [
          [start, 1],
          [start + DAY + 1000, 2],
        ] as [number, number][],
      },
    ];
    expect(withEmptyBuckets(odd)).toEqual(odd);
  });

  it('follows another interval', () => {
    const week = 7 * DAY;
    expect(
      withEmptyBuckets(
        [
          {
            key: 'x',
            points: [
              [start, 1],
              [start + 2 * week, 1],
            ],
          },
        ],
        week,
      )[0]!.points,
    ).toEqual([
      [start, 1],
      [start + week, 0],
      [start + 2 * week, 1],
    ]);
  });
});
