import zlib from 'node:zlib';
import type { BrowserContext } from '@playwright/test';

/** Issue 27 item 3: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, through the DevTools protocol. */
export const THROTTLED = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

export type Script = {
  url: string;
  /** Resource Timing, on the page's clock from the start of navigation. */
  startMs: number;
  endMs: number;
  /** Bytes over the network (0 from the HTTP cache). */
  transferred: number;
  gzip9: number;
};
export type Visit = { renderMs: number; clustersMs: number; scripts: Script[] };

/**
 * Opens `/views/map` in a new page of `context` and waits for the frame that shows the first
 * cluster or marker. `throttle` slows that page's network as a poor mobile link would.
 */
export async function visitMap(context: BrowserContext, baseUrl: string, throttle = false): Promise<Visit> {
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  }
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (!new URL(res.url()).pathname.endsWith('.js')) return;
    bodies.set(
      res.url(),
      res.body().then(
        (body) => zlib.gzipSync(body, { level: 9 }).length,
        () => Number.NaN,
      ),
    );
  });
  // The page notes when its first cluster or marker is on screen (the frame after it was added), on
  // its own clock from the start of navigation: waiting for it from here would add Playwright's
  // polling (up to half a second between looks) to the figure.
  await page.addInitScript(() => {
    const seen = window as unknown as { firstMarkerMs?: number };
    new MutationObserver((records, observer) => {
      const added = records.some((r) =>
        Array.from(r.addedNodes).some((n) => n instanceof HTMLElement && /\bmap-(cluster|marker)\b/.test(n.className)),
      );
      if (!added) return;
      observer.disconnect();
      requestAnimationFrame(() => (seen.firstMarkerMs = performance.now()));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl}/views/map`);
  await page.waitForFunction(() => (window as unknown as { firstMarkerMs?: number }).firstMarkerMs !== undefined, null, {
    timeout: 60_000,
  });
  // What the page fetches after it has drawn (the realtime socket's library, the map's worker) counts too.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { renderMs, clustersMs, entries } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      renderMs: (window as unknown as { firstMarkerMs: number }).firstMarkerMs,
      clustersMs: resources.find((entry) => entry.name.includes('/api/v3/posts/clusters'))?.responseEnd ?? Number.NaN,
      entries: resources
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, startMs: entry.startTime, endMs: entry.responseEnd, transferred: entry.transferSize })),
    };
  });
  const scripts: Script[] = [];
  for (const entry of entries) scripts.push({ ...entry, gzip9: (await bodies.get(entry.url)) ?? Number.NaN });
  await page.close();
  return { renderMs, clustersMs, scripts };
}

/**
 * With `/views/map` open in `context`, creates published posts at a point the map shows, through
 * the API (from the page, so both ends are on one clock), and times each from the request to the
 * frame whose map count includes it.
 */
export async function timePostsAppearing(
  context: BrowserContext,
  baseUrl: string,
  post: { token: string; formId: number; locationKey: string },
  count: number,
): Promise<number[]> {
  const page = await context.newPage();
  const socket = page.waitForEvent('websocket', { timeout: 60_000 });
  await page.goto(`${baseUrl}/views/map`);
  await page.locator('.map-stats[data-state="ready"]').waitFor({ timeout: 60_000 });
  await socket;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const times: number[] = [];
  // The first post is not timed: it shows once the socket has joined (it connects after the first render).
  for (let i = -1; i < count; i++) {
    const ms = await page.evaluate(
      async ({ token, formId, locationKey, i }) => {
        const stats = document.querySelector<HTMLElement>('.map-stats');
        if (!stats) throw new Error('no map count on the page');
        const before = stats.textContent;
        const started = performance.now();
        const shown = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (stats.dataset.state !== 'ready' || stats.textContent === before) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          });
          observer.observe(stats, { childList: true, characterData: true, subtree: true, attributes: true });
          setTimeout(() => resolve(Number.NaN), i < 0 ? 30_000 : 15_000);
        });
        const res = await fetch('/api/v3/posts', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            form_id: formId,
            title: `Seen live ${i}`,
            content: 'A report that should reach open maps at once',
            status: 'published',
            values: { [locationKey]: [{ lat: -1.2864 + (i + 1) * 0.01, lon: 36.8172 }] },
          }),
        });
        if (!res.ok) throw new Error(`creating a post answered ${res.status}: ${await res.text()}`);
        return (await shown) - started;
      },
      { ...post, i },
    );
    if (i >= 0) times.push(ms);
    // The next post after the map's refetch window, so that each one is timed on its own.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  await page.close();
  return times;
}
