import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { startNode } from '../../server/src/node';
import { prepareBenchDatabase } from './database';

/**
 * `npm run bench -- browser [--posts 1000000 --visits 5]` (after `npm run build`)
 *
 * Serves the built client from an API node on the bench database and opens `/views/map` in
 * Chromium (Debian's, as the tests use it), each visit in a fresh browser context (empty cache):
 *  - the JavaScript the map route loads, main thread and map worker: bytes as sent (compressed by
 *    the server) and each file gzipped at level 9, against the 400 KB target of issue #6;
 *  - the time from navigation start to the frame that shows the first cluster or marker on the map,
 *    on the page's own clock: the first visit at once after the node starts (while the node still
 *    prepares its default map), then warm visits (target 2 s).
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}
const POSTS = arg('posts', 1_000_000);
const VISITS = arg('visits', 5);
const TARGET_KB = 400;
const TARGET_RENDER_MS = 2000;
const root = path.resolve(import.meta.dirname, '../..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Visit = { renderMs: number; clustersMs: number; scripts: Array<{ url: string; sent: number; gzip9: number }> };

async function visit(browser: Browser, baseUrl: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // No tile server is reachable here: the map draws its offline world outline.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const pending: Array<Promise<Visit['scripts'][number] | null>> = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !res.url().endsWith('.js')) return;
    pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (!body) return null;
        const sizes = await res.request().sizes();
        return { url: res.url(), sent: sizes.responseBodySize, gzip9: zlib.gzipSync(body, { level: 9 }).length };
      })(),
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
  await page.locator('.map-cluster, .map-marker').first().waitFor({ state: 'visible' });
  const { renderMs, clustersMs } = await page.evaluate(() => ({
    renderMs: (window as unknown as { firstMarkerMs: number }).firstMarkerMs,
    clustersMs:
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        entry.name.includes('/api/v3/posts/clusters'),
      )?.responseEnd ?? Number.NaN,
  }));
  // The map worker's script is fetched when the map starts; let it finish.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const scripts = (await Promise.all(pending)).filter((s): s is Visit['scripts'][number] => s !== null);
  await context.close();
  return { renderMs, clustersMs, scripts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const { handle, url } = await prepareBenchDatabase(serverUrl, POSTS, false);
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: url,
  DATA_DIR: '/tmp/platform-bench',
  LOG_LEVEL: 'silent',
  // Another build of the client can be measured against the same server and data (before / after).
  CLIENT_DIST: process.env.BENCH_CLIENT_DIST ?? path.join(root, 'client/dist'),
});
/** A node on the bench database, and when it has prepared its anonymous default map (ms after listening). */
async function startBenchNode() {
  const node = await startNode(config, { prepareDatabase: false, logger: pino({ level: 'silent' }) });
  const started = performance.now();
  return { node, prepared: node.services.posts.clusters.warmed().then(() => performance.now() - started) };
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
});
let running = await startBenchNode();
try {
  const say = (label: string, v: Visit) =>
    process.stdout.write(`  ${label}: first clusters answered after ${ms(v.clustersMs)}, drawn after ${ms(v.renderMs)}\n`);
  // At once after a start, the visit waits for what the node is still preparing.
  const atOnce = await visit(browser, running.node.url);
  say('visit at once after the node started', atOnce);
  const preparedMs = await running.prepared;
  await running.node.close();
  // Started again and given the time to prepare its map, as after a restart before visitors come.
  running = await startBenchNode();
  await running.prepared;
  const afterPrepared = await visit(browser, running.node.url);
  say('first visit once the node prepared its map', afterPrepared);
  const warm: Visit[] = [];
  for (let i = 0; i < VISITS; i++) {
    warm.push(await visit(browser, running.node.url));
    say(`warm visit ${i + 1}`, warm.at(-1)!);
  }
  const scripts = atOnce.scripts;
  const sent = scripts.reduce((sum, s) => sum + s.sent, 0);
  const gzip9 = scripts.reduce((sum, s) => sum + s.gzip9, 0);
  const sorted = warm.map((v) => v.renderMs).sort((a, b) => a - b);
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
  const worst = sorted.at(-1) ?? NaN;

  process.stdout.write(`\n${POSTS.toLocaleString('en')} posts; /views/map in Chromium, ${VISITS} warm visits\n\n`);
  process.stdout.write('| script | as sent | gzip -9 |\n| --- | --- | --- |\n');
  for (const s of [...scripts].sort((a, b) => b.gzip9 - a.gzip9)) {
    // Chromium reports no transfer size for a worker's script.
    process.stdout.write(`| ${new URL(s.url).pathname} | ${s.sent > 0 ? kb(s.sent) : '-'} | ${kb(s.gzip9)} |\n`);
  }
  process.stdout.write(`| **total (${scripts.length} files)** | ${kb(sent)} | ${kb(gzip9)} |\n\n`);
  process.stdout.write(
    `map route JavaScript, gzipped: ${kb(gzip9)} (target ${TARGET_KB} KB: ${gzip9 / 1024 <= TARGET_KB ? 'met' : 'MISSED'})\n`,
  );
  process.stdout.write(`default map prepared by the node ${ms(preparedMs)} after it started listening\n`);
  process.stdout.write(`first clustered render, first visit at once after the node started: ${ms(atOnce.renderMs)}\n`);
  process.stdout.write(`first clustered render, first visit once the node prepared its map: ${ms(afterPrepared.renderMs)}\n`);
  process.stdout.write(
    `first clustered render, warm server, cold browser: p50 ${ms(p50)}, worst ${ms(worst)} (target ${TARGET_RENDER_MS} ms: ${worst <= TARGET_RENDER_MS ? 'met' : 'MISSED'})\n`,
  );
} finally {
  await browser.close();
  await running.node.close();
  await handle.close();
}
