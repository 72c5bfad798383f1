import type { Form, FormStats } from '@platform/shared';
import { useEffect, useState } from 'react';
import { listForms } from '../../api/endpoints/forms';
import { getFormStats, getPostStats, groupValues, timelineSeries } from '../../api/endpoints/stats';
import { useServices } from '../../providers/services-context';
import { useSession } from '../session/useSession';
import { rangeQuery, type ActivityRange } from './date-range';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };
export type TimelineSeries = { key: string; points: [number, number][] };
export type VolumeRow = { name: string; total: number };
export type SurveyStatsRow = { form: Form; stats: FormStats };

/** The activity page's data for a date range: timeline, totals per survey, and survey tables (spec 2 screen 23). */
export function useActivityData(range: ActivityRange) {
  const { api } = useServices();
  const { loggedIn, session } = useSession();
  const viewer = session?.userId ?? null;
  // Answers are kept with the range they answer: another range shows as loading until its own arrive.
  type Answers = { timeline?: Load<TimelineSeries[]>; volume?: Load<VolumeRow[]>; surveys?: Load<SurveyStatsRow[]> };
  const [answers, setAnswers] = useState<{ range: ActivityRange; viewer: number | null; data: Answers } | null>(null);

  useEffect(() => {
    let alive = true;
    const dates = rangeQuery(range);
    const base = { ...dates, status: 'all' };
    const put = (data: Answers) =>
      alive &&
      setAnswers((current) =>
        current && current.range === range && current.viewer === viewer
          ? { ...current, data: { ...current.data, ...data } }
          : { range, viewer, data },
      );
    const forms = listForms(api);

    getPostStats(api, { ...base, timeline: 1, timeline_attribute: 'created', group_by: 'form' }).then(
      (stats) =>
        put({
          timeline: {
            state: 'ready',
            data: timelineSeries(stats).map((s) => ({
              key: s.key,
              points: s.values.map((v) => [v.label * 1000, v.total] as [number, number]),
            })),
          },
        }),
      () => put({ timeline: { state: 'failed' } }),
    );

    Promise.all([getPostStats(api, { ...base, group_by: 'form' }), forms.catch(() => [] as Form[])]).then(
      ([stats, list]) => {
        const totals = new Map<number | null, { name: string; total: number }>();
        for (const v of groupValues(stats)) {
          const entry = totals.get(v.id) ?? { name: list.find((f) => f.id === v.id)?.name ?? v.label, total: 0 };
          entry.total += v.total;
          totals.set(v.id, entry);
        }
        put({ volume: { state: 'ready', data: [...totals.values()].filter((r) => r.total > 0).sort((a, b) => b.total - a.total) } });
      },
      () => put({ volume: { state: 'failed' } }),
    );

    if (loggedIn) {
      forms
        .then((list) => Promise.all(list.map(async (form) => ({ form, stats: await getFormStats(api, form.id, dates) }))))
        .then(
          (rows) => put({ surveys: { state: 'ready', data: rows } }),
          () => put({ surveys: { state: 'failed' } }),
        );
    }
    return () => {
      alive = false;
    };
  }, [api, range, loggedIn, viewer]);

  const data = answers && answers.range === range && answers.viewer === viewer ? answers.data : {};
  const loading = { state: 'loading' } as const;
  return {
    timeline: data.timeline ?? loading,
    volume: data.volume ?? loading,
    // Survey tables are for logged-in users only (spec 2 section 6).
    surveys: loggedIn ? (data.surveys ?? loading) : ({ state: 'failed' } as const),
  };
}
