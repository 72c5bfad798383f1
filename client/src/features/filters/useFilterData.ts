import type { Form, Tag } from '@platform/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../../api';
import { listForms } from '../../api/endpoints/forms';
import { listTagsCached } from '../../api/endpoints/posts';
import { getPostStats, groupValues } from '../../api/endpoints/stats';
import type { Query } from '../../api/query';
import { useServices } from '../../providers/services-context';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { scopeQuery, useSetScope, type SetScope } from '../common/set-scope';
import { useSession } from '../session/useSession';
import { filtersToQuery, type PostFilters } from '../common/filter-state';

const NO_FORMS: Form[] = [];
const NO_TAGS: Tag[] = [];

export type FilterCounts = {
  /** Posts per survey id (`none` for posts without a survey) under every filter but the survey. */
  bySurvey: Map<number | 'none', number>;
  /** Posts per source under every filter but survey and source (administrators only). */
  bySource: Map<string, number> | null;
  /** Posts under every filter that have no location, when asked for and no location filter is set. */
  unmapped?: number;
};

/** Surveys and categories the filters offer; either list is empty when it cannot be read. */
export function useFilterChoices() {
  const { api } = useServices();
  const forms = useLiveQuery(['forms'], () => listForms(api));
  const tags = useLiveQuery(['tags'], () => listTagsCached(api));
  const surveys = forms.isError ? NO_FORMS : forms.data;
  const tagList = tags.isError ? NO_TAGS : tags.data;
  return useMemo(() => (surveys && tagList ? { surveys: surveys.filter((s) => !s.disabled), tags: tagList } : null), [surveys, tagList]);
}

/**
 * The stats queries of the counts: per survey (every filter but the survey), per source for
 * administrators (no source filter either), and the count of posts without a location when
 * `unmapped` asks for it. That count rides on the per-survey query (`include_unmapped`,
 * API-CONTRACT 10) unless a survey filter is set, which that query leaves out: then it is a query
 * of its own. A location filter already says whether posts have a location: no count then.
 */
export function countQueries(
  filters: PostFilters,
  scope: SetScope | null,
  options: { admin: boolean; unmapped: boolean },
): { bySurvey: Query; bySource: Query | null; unmapped: Query | null } {
  const bySurvey: Query = {
    ...scopeQuery(filtersToQuery(filters, { withoutForm: true, withoutSort: true }), scope),
    group_by: 'form',
  };
  const { source: _source, ...bySource } = bySurvey;
  const unmapped = options.unmapped && filters.hasLocation === 'all';
  const apart = unmapped && filters.form.length > 0;
  return {
    bySurvey: unmapped && !apart ? { ...bySurvey, include_unmapped: 1 } : bySurvey,
    bySource: options.admin ? bySource : null,
    unmapped: apart ? { ...scopeQuery(filtersToQuery(filters, { withoutSort: true }), scope), include_unmapped: 1 } : null,
  };
}

/**
 * Sidebar counts (spec 2 screens 13 and 14) from `GET /posts/stats?group_by=form`, which answers
 * per survey and source (API-CONTRACT 10), and with `unmapped` the matching posts without a
 * location (the map's); recounted when posts change (throttled, `live-keys.ts`).
 */
export function useFilterCounts(filters: PostFilters, options: { unmapped?: boolean } = {}): FilterCounts | null {
  const withUnmapped = options.unmapped ?? false;
  const { api } = useServices();
  const { admin } = useSession();
  const scope = useSetScope();
  const queries = countQueries(filters, scope, { admin, unmapped: withUnmapped });
  // The counts shown stay until the new ones arrive; a failed count shows none.
  const counts = useLiveQuery(['post-stats', queries], (signal) => readCounts(api, queries, signal), {
    placeholderData: keepPreviousData,
  });
  return counts.isError ? null : (counts.data ?? null);
}

async function readCounts(api: ApiClient, queries: ReturnType<typeof countQueries>, signal: AbortSignal): Promise<FilterCounts> {
  const ask = (query: Query | null) => (query ? getPostStats(api, query, signal) : Promise.resolve(null));
  const [bySurveyStats, bySourceStats, unmappedStats] = await Promise.all([
    getPostStats(api, queries.bySurvey, signal),
    ask(queries.bySource),
    ask(queries.unmapped),
  ]);
  const bySurvey = new Map<number | 'none', number>();
  for (const v of groupValues(bySurveyStats)) {
    const key = v.id ?? 'none';
    bySurvey.set(key, (bySurvey.get(key) ?? 0) + v.total);
  }
  let bySource: Map<string, number> | null = null;
  if (bySourceStats) {
    bySource = new Map();
    for (const v of groupValues(bySourceStats)) bySource.set(v.type, (bySource.get(v.type) ?? 0) + v.total);
  }
  const unmapped = (unmappedStats ?? bySurveyStats).unmapped;
  return { bySurvey, bySource, ...(unmapped !== undefined ? { unmapped } : {}) };
}
