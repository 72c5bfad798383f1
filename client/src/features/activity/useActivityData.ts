import type { Form, FormStats } from '@platform/shared';
import { listForms } from '../../api/endpoints/forms';
import { getFormStats, getPostStats, groupValues, timelineSeries } from '../../api/endpoints/stats';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { useSession } from '../session/useSession';
import { rangeQuery, type ActivityRange } from './date-range';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };
export type TimelineSeries = { key: string; points: [number, number][] };
export type VolumeRow = { name: string; total: number };
export type SurveyStatsRow = { form: Form; stats: FormStats };

/** A query's answer as the page shows it. */
function asLoad<T>(query: { isPending: boolean; isError: boolean; data: T | undefined }): Load<T> {
  if (query.isError) return { state: 'failed' };
  return query.isPending || query.data === undefined ? { state: 'loading' } : { state: 'ready', data: query.data };
}

/** The activity page's data for a date range: timeline, totals per survey, and survey tables (spec 2 screen 23). */
export function useActivityData(range: ActivityRange) {
  const { api } = useServices();
  const { loggedIn } = useSession();
  // Each range is its own answer: another range shows as loading until its own arrive.
  const dates = rangeQuery(range);
  const base = { ...dates, status: 'all' };

  const timeline = useLiveQuery(['activity', 'timeline', dates], async () => {
    const stats = await getPostStats(api, { ...base, timeline: 1, timeline_attribute: 'created', group_by: 'form' });
    return timelineSeries(stats).map((s): TimelineSeries => ({
      key: s.key,
      points: s.values.map((v) => [v.label * 1000, v.total] as [number, number]),
    }));
  });

  const volume = useLiveQuery(['activity', 'volume', dates], async () => {
    const [stats, list] = await Promise.all([getPostStats(api, { ...base, group_by: 'form' }), listForms(api).catch(() => [] as Form[])]);
    const totals = new Map<number | null, VolumeRow>();
    for (const v of groupValues(stats)) {
      const entry = totals.get(v.id) ?? { name: list.find((f) => f.id === v.id)?.name ?? v.label, total: 0 };
      entry.total += v.total;
      totals.set(v.id, entry);
    }
    return [...totals.values()].filter((r) => r.total > 0).sort((a, b) => b.total - a.total);
  });

  // Survey tables are for logged-in users only (spec 2 section 6).
  const surveys = useLiveQuery(
    ['activity', 'surveys', dates],
    async () => {
      const list = await listForms(api);
      return Promise.all(list.map(async (form): Promise<SurveyStatsRow> => ({ form, stats: await getFormStats(api, form.id, dates) })));
    },
    { enabled: loggedIn },
  );

  return {
    timeline: asLoad(timeline),
    volume: asLoad(volume),
    surveys: loggedIn ? asLoad(surveys) : ({ state: 'failed' } as const),
  };
}
