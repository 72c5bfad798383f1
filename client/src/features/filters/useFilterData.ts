import type { Form, PushedEvent, Tag } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import { listForms } from '../../api/endpoints/forms';
import { listTagsCached } from '../../api/endpoints/posts';
import { getPostStats, groupValues } from '../../api/endpoints/stats';
import type { Query } from '../../api/query';
import { useServices } from '../../app/services-context';
import { useServerEvents } from '../../realtime/useServerEvents';
import { scopeQuery, useSetScope } from '../sets/set-scope';
import { useSession } from '../session/useSession';
import { filtersToQuery, type PostFilters } from './filter-state';

export type FilterCounts = {
  /** Posts per survey id (`none` for posts without a survey) under every filter but the survey. */
  bySurvey: Map<number | 'none', number>;
  /** Posts per source under every filter but survey and source (administrators only). */
  bySource: Map<string, number> | null;
};

const COUNT_EVENTS = ['post.created', 'post.updated', 'post.status_changed', 'post.deleted'] as const;
const RECOUNT_THROTTLE_MS = 1500;

/** Surveys and categories the filters offer. */
export function useFilterChoices() {
  const { api } = useServices();
  const { session } = useSession();
  const viewer = session?.userId ?? null;
  const [choices, setChoices] = useState<{ surveys: Form[]; tags: Tag[] } | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([listForms(api).catch(() => [] as Form[]), listTagsCached(api).catch(() => [] as Tag[])]).then(
      ([surveys, tags]) => alive && setChoices({ surveys: surveys.filter((s) => !s.disabled), tags }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api, viewer]);
  return choices;
}

/**
 * Sidebar counts (spec 2 screens 13 and 14) from `GET /posts/stats?group_by=form`, which answers
 * per survey and source (API-CONTRACT 10); recounted when posts change.
 */
export function useFilterCounts(filters: PostFilters): FilterCounts | null {
  const { api } = useServices();
  const { admin, session } = useSession();
  const viewer = session?.userId ?? null;
  const scope = useSetScope();
  const [counts, setCounts] = useState<FilterCounts | null>(null);
  const [tick, setTick] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useServerEvents(COUNT_EVENTS, (_event: PushedEvent) => {
    if (pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      setTick((n) => n + 1);
    }, RECOUNT_THROTTLE_MS);
  });
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    const abort = new AbortController();
    const surveyQuery: Query = {
      ...scopeQuery(filtersToQuery(filters, { withoutForm: true, withoutSort: true }), scope),
      group_by: 'form',
    };
    const { source: _source, ...sourceQuery } = surveyQuery;
    Promise.all([
      getPostStats(api, surveyQuery, abort.signal),
      admin ? getPostStats(api, sourceQuery, abort.signal) : Promise.resolve(null),
    ]).then(
      ([bySurveyStats, bySourceStats]) => {
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
        setCounts({ bySurvey, bySource });
      },
      () => {
        if (!abort.signal.aborted) setCounts(null);
      },
    );
    return () => abort.abort();
  }, [api, filters, scope, admin, viewer, tick]);

  return counts;
}
