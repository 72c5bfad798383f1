import {
  FormStatsSchema,
  PostStatsSchema,
  type FormStats,
  type PostStats,
  type PostStatsGroupValue,
  type PostStatsTimelineValue,
} from '@platform/shared';
import type { ApiClient } from '../client';
import type { Query } from '../query';

/** `GET /posts/stats` (API-CONTRACT 10) with the list filters and the stats parameters. */
export const getPostStats = (api: ApiClient, query: Query, signal?: AbortSignal): Promise<PostStats> =>
  api.get('/posts/stats', PostStatsSchema, { query, signal, ignore403: true });

/** The grouped values of an answer without a timeline. */
export function groupValues(stats: PostStats): PostStatsGroupValue[] {
  return (stats.totals[0]?.values ?? []).filter((v): v is PostStatsGroupValue => 'type' in v);
}

/** The series of a timeline answer: one per group, each a list of buckets. */
export function timelineSeries(stats: PostStats): { key: string; values: PostStatsTimelineValue[] }[] {
  return stats.totals.map((t) => ({ key: t.key, values: t.values.filter((v): v is PostStatsTimelineValue => 'cumulative_total' in v) }));
}

/** `GET /forms/{id}/stats` (API-CONTRACT 7.5): totals of one survey's responses in a date range. */
export const getFormStats = (api: ApiClient, formId: number, query: Query): Promise<FormStats> =>
  api.get(`/forms/${formId}/stats`, FormStatsSchema, { query, ignore403: true });
