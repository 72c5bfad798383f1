import { useEffect, useState } from 'react';
import { countAllPosts } from '../../api/endpoints/posts';
import { useConfig } from '../../app/config-context';
import { useServices } from '../../app/services-context';
import { useServerEvents } from '../../realtime/useServerEvents';
import { demoStatus, isDemo, type DemoStatus } from './demo';

/** The demo plan's state; posts are counted only on demo sites, and again when posts come or go. */
export function useDemoStatus(): DemoStatus {
  const { site } = useConfig();
  const { api } = useServices();
  const demo = isDemo(site);
  const [total, setTotal] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  // The day count only needs the time at mount; a page left open for days is reloaded anyway.
  const [now] = useState(Date.now);

  useEffect(() => {
    if (!demo) return;
    let live = true;
    countAllPosts(api)
      .then((count) => live && setTotal(count))
      // Without a count the banner still shows the days left.
      .catch(() => live && setTotal(null));
    return () => {
      live = false;
    };
  }, [api, demo, version]);

  useServerEvents(['post.created', 'post.deleted'], () => {
    if (!demo) return;
    api.clearCache();
    setVersion((v) => v + 1);
  });

  return demoStatus(site, total, now);
}
