import { useState } from 'react';
import { CACHE_MAX_AGE_MS } from '../../api/client';
import { countAllPosts } from '../../api/endpoints/posts';
import { useConfig } from '../../providers/config-context';
import { useServices } from '../../providers/services-context';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { demoStatus, isDemo, type DemoStatus } from './demo';

/** The demo plan's state; posts are counted only on demo sites, and again when posts come or go ('post-total'). */
export function useDemoStatus(): DemoStatus {
  const { site } = useConfig();
  const { api } = useServices();
  const demo = isDemo(site);
  // The day count only needs the time at mount; a page left open for days is reloaded anyway.
  const [now] = useState(Date.now);
  // Remembered as long as the API client's own cache would (spec 1 section 9); new or deleted posts recount it.
  const total = useLiveQuery(['post-total'], () => countAllPosts(api), { enabled: demo, staleTime: CACHE_MAX_AGE_MS });
  // Without a count the banner still shows the days left.
  return demoStatus(site, total.data ?? null, now);
}
