import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../providers/config-context';
import { isFeatureEnabled } from '../../providers/features';
import { formatCount, formatShortCount, useFormatCount } from '../../i18n/numbers';
import { useSession } from '../session/useSession';
import './activity.css';
import { hasEnoughPoints, type ActivityRange } from './date-range';
import { groupedTimeline } from './timeline-buckets';
import { bucketDate, timelineLines, timelineTooltip, type TooltipRow } from './timeline-series';
import { DateRangePicker } from './DateRangePicker';
import { EChart, type ChartOption } from './EChart';
import { useActivityData, type Load, type SurveyStatsRow, type TimelineSeries, type VolumeRow } from './useActivityData';

/**
 * The activity page (spec 2 screen 23): a date range, activity over time (line), activity by
 * volume (horizontal bars), and the targeted and crowdsourced survey tables for logged-in users.
 * Its own chunk, so echarts loads only here.
 */
export default function ActivityBody() {
  const { t } = useTranslation();
  const { features } = useConfig();
  const { loggedIn } = useSession();
  const [range, setRange] = useState<ActivityRange>({ kind: 'all' });
  const { timeline, volume, surveys } = useActivityData(range);
  const targetedOn = isFeatureEnabled(features, 'targeted-surveys');

  return (
    <div className="activity">
      <DateRangePicker range={range} onChange={setRange} />
      <div className="activity-cards">
        <ChartCard title={t('activity.over_time')} id="activity-over-time">
          <TimelineChart load={timeline} title={t('activity.over_time')} />
        </ChartCard>
        <ChartCard title={t('activity.by_volume')} id="activity-by-volume">
          <VolumeChart load={volume} title={t('activity.by_volume')} />
        </ChartCard>
        {loggedIn && targetedOn ? (
          <ChartCard title={t('activity.targeted')} id="activity-targeted" wide>
            <SurveyTable load={surveys} kind="targeted" title={t('activity.targeted')} />
          </ChartCard>
        ) : null}
        {loggedIn ? (
          <ChartCard title={t('activity.crowdsourced')} id="activity-crowdsourced" wide>
            <SurveyTable load={surveys} kind="crowdsourced" title={t('activity.crowdsourced')} />
          </ChartCard>
        ) : null}
      </div>
    </div>
  );
}

/** A card of the page; a `wide` one (the tables, six columns in longer languages) takes the whole row. */
function ChartCard({ title, id, wide = false, children }: { title: string; id: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={wide ? 'activity-card activity-card-wide' : 'activity-card'} aria-labelledby={id}>
      <h2 id={id} className="activity-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Placeholder({ state }: { state: 'loading' | 'empty' }) {
  const { t } = useTranslation();
  return (
    <div className="activity-chart activity-chart-empty" data-state={state}>
      <p>{state === 'loading' ? t('activity.loading') : t('activity.no_data')}</p>
    </div>
  );
}

/**
 * Numbers on a chart as the interface's language writes them: in full on bar labels and in
 * tooltips, shortened on an axis (30K), where full ones ran into each other on a phone.
 */
function chartNumbers(language: string) {
  const count = (value: number) => formatCount(value, language);
  return {
    count,
    axisLabel: { formatter: (value: number) => formatShortCount(value, language), hideOverlap: true },
    tooltipValue: (value: unknown) => (typeof value === 'number' ? count(value) : String(value)),
  };
}

function TimelineChart({ load, title }: { load: Load<TimelineSeries[]>; title: string }) {
  const { t, i18n } = useTranslation();
  const option = useMemo<ChartOption | null>(() => {
    if (load.state !== 'ready' || !hasEnoughPoints(load.data.map((s) => ({ values: s.points })))) return null;
    const grouped = groupedTimeline(load.data);
    const { unit, inProgress } = grouped;
    const { count, axisLabel } = chartNumbers(i18n.language);
    const soFar = inProgress ? { time: inProgress[1], label: t(`activity.so_far_${unit}`) } : null;
    return {
      tooltip: {
        trigger: 'axis',
        formatter: (rows: TooltipRow[]) => {
          const date = (time: number) => {
            const day = bucketDate(time, unit, i18n.language);
            return unit === 'week' ? t('activity.week_of', { date: day }) : day;
          };
          return timelineTooltip(rows, { date, count, soFar });
        },
      },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 56, right: 24, top: 40, bottom: 64 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', minInterval: 1, name: t(`activity.per_${unit}`), axisLabel },
      series: timelineLines(grouped, (key) => (key === 'None' ? t('filters.unknown_survey') : key)),
    };
  }, [load, t, i18n.language]);
  if (load.state === 'loading') return <Placeholder state="loading" />;
  if (!option) return <Placeholder state="empty" />;
  return <EChart option={option} label={t('activity.chart_label', { title })} />;
}

function VolumeChart({ load, title }: { load: Load<VolumeRow[]>; title: string }) {
  const { t, i18n } = useTranslation();
  const option = useMemo<ChartOption | null>(() => {
    if (load.state !== 'ready' || load.data.length === 0) return null;
    const rows = [...load.data].reverse();
    const { count, axisLabel, tooltipValue } = chartNumbers(i18n.language);
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: tooltipValue },
      grid: { left: 16, right: 32, top: 16, bottom: 40, containLabel: true },
      xAxis: {
        type: 'value',
        minInterval: 1,
        name: t('activity.by_volume_axis'),
        nameLocation: 'middle',
        nameGap: 28,
        axisLabel,
      },
      yAxis: { type: 'category', data: rows.map((r) => (r.name === 'None' ? t('filters.unknown_survey') : r.name)) },
      series: [
        {
          type: 'bar',
          barMaxWidth: 48,
          data: rows.map((r) => r.total),
          itemStyle: { color: '#1d5a86' },
          label: { show: true, position: 'right', formatter: ({ value }: { value: number }) => count(value) },
        },
      ],
    };
  }, [load, t, i18n.language]);
  if (load.state === 'loading') return <Placeholder state="loading" />;
  if (!option) return <Placeholder state="empty" />;
  return <EChart option={option} label={t('activity.chart_label', { title })} />;
}

const SOURCE_COLUMNS = ['all', 'web', 'email', 'sms', 'twitter'] as const;

/** A table wider than a phone's screen scrolls inside its card instead of the page; keyboards can scroll it too. */
function TableScroll({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="activity-table-scroll" role="region" aria-label={t('activity.table_label', { title })} tabIndex={0}>
      {children}
    </div>
  );
}

function SurveyTable({ load, kind, title }: { load: Load<SurveyStatsRow[]>; kind: 'targeted' | 'crowdsourced'; title: string }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  if (load.state === 'loading') return <p className="activity-table-empty">{t('activity.loading')}</p>;
  const rows = load.state === 'ready' ? load.data.filter((r) => (kind === 'targeted') === Boolean(r.form.targeted_survey)) : [];
  if (rows.length === 0)
    return <p className="activity-table-empty">{kind === 'targeted' ? t('activity.no_targeted') : t('activity.no_crowdsourced')}</p>;
  // The targeted table counts responses and messages; the crowdsourced one posts by source.
  const columns: Array<[label: string, value: (stats: SurveyStatsRow['stats']) => number | undefined]> =
    kind === 'targeted'
      ? [
          [t('activity.col_responses'), (stats) => stats.total_responses],
          [t('activity.col_recipients'), (stats) => stats.total_recipients],
          [t('activity.col_response_recipients'), (stats) => stats.total_response_recipients],
          [t('activity.col_messages_sent'), (stats) => stats.total_messages_sent],
        ]
      : SOURCE_COLUMNS.map((s) => [t(`activity.col_${s}`), (stats) => stats.total_by_data_source?.[s]]);
  return (
    <TableScroll title={title}>
      <table className="activity-table">
        <thead>
          <tr>
            <th scope="col">{t('activity.col_survey')}</th>
            {columns.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ form, stats }) => (
            <tr key={form.id}>
              <th scope="row">{form.name}</th>
              {columns.map(([label, value]) => (
                <td key={label}>{count(value(stats) ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
