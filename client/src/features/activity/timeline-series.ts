import { format } from 'echarts/core';
import type { GroupedTimeline, TimelineUnit } from './timeline-buckets';

/** echarts' own escaping, as its default tooltip does. */
const escapeHtml = format.encodeHTML;

/** echarts' own line colours, given out by survey so that a survey's two lines share one. */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

/** What a line series needs; echarts takes more, these are the ones set here. */
export type TimelineLine = {
  name: string;
  type: 'line';
  color: string;
  showSymbol: boolean;
  data: [number, number][];
  lineStyle?: { type: 'dashed' };
};

/** One row of an axis tooltip as echarts hands it to a formatter. */
export type TooltipRow = { seriesName?: string; marker?: unknown; value?: unknown; axisValue?: unknown };

const bucketFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The day, week or month a point stands for, in the interface's language: "Nov 25, 2026", the
 * Monday a week starts on, "November 2026". Buckets start at midnight UTC.
 */
export function bucketDate(time: number, unit: TimelineUnit, language: string): string {
  const key = `${language} ${unit}`;
  let format = bucketFormats.get(key);
  if (!format) {
    const parts: Intl.DateTimeFormatOptions = unit === 'month' ? { month: 'long', year: 'numeric' } : { dateStyle: 'medium' };
    format = new Intl.DateTimeFormat(language, { ...parts, timeZone: 'UTC' });
    bucketFormats.set(key, format);
  }
  return format.format(time);
}

/**
 * The activity line's series: one per survey, and, when the last day, week or month is still going
 * on (`inProgress`), its last stretch apart as a dashed line of the same name and colour. That
 * stretch drops because it counts only the posts so far; drawn solid, it read as a collapse.
 */
export function timelineLines(grouped: GroupedTimeline, nameOf: (key: string) => string): TimelineLine[] {
  const { inProgress } = grouped;
  return grouped.series.flatMap((s, i): TimelineLine[] => {
    const line = { name: nameOf(s.key), type: 'line' as const, color: PALETTE[i % PALETTE.length]!, showSymbol: s.points.length < 60 };
    if (!inProgress) return [{ ...line, data: s.points }];
    const whole = s.points.filter(([time]) => time < inProgress[1]);
    const last = s.points.filter(([time]) => time >= inProgress[0]);
    return [
      { ...line, data: whole },
      { ...line, data: last, lineStyle: { type: 'dashed' } },
    ];
  });
}

/**
 * The axis tooltip: the day, week or month (saying "so far" for one still going on) and each survey once;
 * the point where a survey's solid and dashed lines meet belongs to both. Names are escaped: the
 * formatter's answer is HTML, and survey names are what users typed.
 */
export function timelineTooltip(
  rows: TooltipRow[],
  { date, count, soFar }: { date: (time: number) => string; count: (n: number) => string; soFar: { time: number; label: string } | null },
): string {
  const [first] = rows;
  if (!first) return '';
  const time = Number(first.axisValue);
  const when = escapeHtml(date(time));
  const header = soFar && time === soFar.time ? `${when} (${escapeHtml(soFar.label)})` : when;
  const seen = new Set<string>();
  const lines = rows.flatMap((row) => {
    const name = row.seriesName ?? '';
    if (seen.has(name)) return [];
    seen.add(name);
    const total = Array.isArray(row.value) ? Number(row.value[1]) : Number(row.value);
    const marker = typeof row.marker === 'string' ? row.marker : '';
    return [`${marker}${escapeHtml(name)} <strong>${escapeHtml(count(total))}</strong>`];
  });
  return [header, ...lines].join('<br/>');
}
