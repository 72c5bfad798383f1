import { describe, expect, it } from 'vitest';
import type { GroupedTimeline } from './timeline-buckets';
import { bucketDate, timelineLines, timelineTooltip } from './timeline-series';

const week = 7 * 86_400_000;
const grouped = (inProgress: [number, number] | null): GroupedTimeline => ({
  unit: 'week',
  inProgress,
  series: [
    {
      key: 'Roads',
      points: [
        [0, 10],
        [week, 12],
        [2 * week, 3],
      ],
    },
    {
      key: 'None',
      points: [
        [0, 1],
        [week, 2],
        [2 * week, 0],
      ],
    },
  ],
});

describe('activity line series', () => {
  it('draws one solid line a survey when every bucket is whole', () => {
    const lines = timelineLines(grouped(null), (key) => key);
    expect(lines.map((l) => [l.name, l.data.length, l.lineStyle])).toEqual([
      ['Roads', 3, undefined],
      ['None', 3, undefined],
    ]);
  });

  it('draws the stretch to a bucket still going on dashed, in the survey’s name and colour', () => {
    const lines = timelineLines(grouped([week, 2 * week]), (key) => (key === 'None' ? 'Unknown survey' : key));
    expect(lines).toHaveLength(4);
    const [roads, roadsSoFar, unknown, unknownSoFar] = lines;
    expect(roads!.data).toEqual([
      [0, 10],
      [week, 12],
    ]);
    expect(roadsSoFar!.data).toEqual([
      [week, 12],
      [2 * week, 3],
    ]);
    expect(roadsSoFar!.lineStyle).toEqual({ type: 'dashed' });
    expect(roadsSoFar!.name).toBe('Roads');
    expect(roadsSoFar!.color).toBe(roads!.color);
    expect(unknownSoFar!.name).toBe('Unknown survey');
    expect(unknownSoFar!.color).toBe(unknown!.color);
    expect(unknown!.color).not.toBe(roads!.color);
  });
});

describe('activity line tooltip', () => {
  const count = (n: number) => n.toLocaleString('en');
  const date = (time: number) => bucketDate(time, 'day', 'en');
  const nov = (day: number) => Date.UTC(2026, 10, day);

  it('names each survey once where its solid and dashed lines meet, and says "so far" for the last bucket', () => {
    const soFar = { time: nov(25), label: 'Today so far' };
    const rows = [
      { seriesName: 'Roads', marker: '<i></i>', value: [nov(24), 1200], axisValue: nov(24) },
      { seriesName: 'Roads', marker: '<i></i>', value: [nov(24), 1200], axisValue: nov(24) },
    ];
    expect(timelineTooltip(rows, { date, count, soFar })).toBe('Nov 24, 2026<br/><i></i>Roads <strong>1,200</strong>');
    const last = [{ seriesName: 'Roads', marker: '', value: [nov(25), 3], axisValue: nov(25) }];
    expect(timelineTooltip(last, { date, count, soFar })).toBe('Nov 25, 2026 (Today so far)<br/>Roads <strong>3</strong>');
  });

  it('escapes survey names, which users typed', () => {
    const rows = [{ seriesName: '<img src=x onerror=alert(1)>', marker: '', value: [0, 1], axisValue: 0 }];
    expect(timelineTooltip(rows, { date, count, soFar: null })).toBe(
      'Jan 1, 1970<br/>&lt;img src=x onerror=alert(1)&gt; <strong>1</strong>',
    );
  });

  it('names the bucket in the interface language', () => {
    expect(bucketDate(Date.UTC(2026, 10, 1), 'month', 'en')).toBe('November 2026');
    expect(bucketDate(Date.UTC(2026, 10, 1), 'month', 'es')).toBe('noviembre de 2026');
    expect(bucketDate(Date.UTC(2026, 10, 23), 'week', 'en')).toBe('Nov 23, 2026');
  });
});
