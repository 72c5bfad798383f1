import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { localeChunks, MAP_ROUTE_BUDGET_BYTES, MAP_ROUTE_CEILING_BYTES, mapRouteJs } from '../../scripts/bench/map-route-js';
import { blockTiles } from './posts-support';
import { expect, shot, test } from './support';

const dist = path.resolve(import.meta.dirname, '../../client/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts the page fetched, in the order it asked for them, with when each was asked for and had arrived. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ file: new URL(entry.name).pathname.replace(/^\//, ''), start: entry.startTime, end: entry.responseEnd })),
  );

/** Visible texts that are translation keys (`group.key`): a string the loaded parts lacked. */
const keysShown = (page: Page) =>
  page.evaluate(() => document.body.innerText.split('\n').filter((line) => /^[a-z_]+(\.[a-z_]+)+$/.test(line.trim())));

test.describe("the map route's JavaScript (issue 27)", () => {
  test('does not grow past its ceiling besides maplibre-gl (target 180 KB gzipped)', () => {
    const route = mapRouteJs(dist);
    const list = [...route.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => `  ${f.file}: ${kb(f.gzip)}`)
      .join('\n');
    expect(route.files.map((f) => f.file)).not.toContain(route.maplibre.file);
    test.info().annotations.push({
      type: 'map route JavaScript',
      description: `${kb(route.total)} gzipped besides maplibre-gl (target ${kb(MAP_ROUTE_BUDGET_BYTES)}, ceiling ${kb(MAP_ROUTE_CEILING_BYTES)})`,
    });
    expect(route.total, `the map route loads ${kb(route.total)}:\n${list}`).toBeLessThanOrEqual(MAP_ROUTE_CEILING_BYTES);
    // In a handful of files (client/build/chunk-groups.ts), not one per set of screens sharing them.
    expect(route.files.length, `the map route loads ${route.files.length} files:\n${list}`).toBeLessThanOrEqual(8);
  });

  test("leaves zod's JSON Schema generation out of the build (client/build/zod-without-json-schema.ts)", () => {
    const assets = path.join(dist, 'assets');
    const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Messages of zod's JSON Schema processors, which a build that kept them would carry.
    const kept = scripts.filter((file) =>
      fs.readFileSync(path.join(assets, file), 'utf8').includes('cannot be represented in JSON Schema'),
    );
    expect(kept).toEqual([]);
  });

  test('has the page preload maplibre-gl with the app, and fetches only the strings of the language shown', async ({ page }) => {
    const route = mapRouteJs(dist);
    const spanish = localeChunks(dist, 'es');
    await blockTiles(page);
    await page.addInitScript(() => localStorage.setItem('platform.language', 'es'));
    await page.goto('/views/map');
    await expect(page.getByRole('region', { name: 'Mapa de publicaciones' })).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Mapa', exact: true })).toBeVisible();
    expect(await keysShown(page)).toEqual([]);
    await shot(page, 'map-budget-spanish');
    const fetched = await scriptsFetched(page);
    // Asked for by the page's <link rel="modulepreload">, before the app's own code had all arrived
    // (the app itself could only ask for it once that code ran).
    const library = fetched.find((f) => f.file === route.maplibre.file);
    const app = new Set(route.files.map((f) => f.file));
    const appLoaded = Math.max(...fetched.filter((f) => app.has(f.file)).map((f) => f.end));
    expect(library, 'maplibre-gl was fetched').toBeDefined();
    expect(library!.start).toBeLessThan(appLoaded);
    const files = fetched.map((f) => f.file);
    expect(files).toContain(spanish.first);
    expect(files).not.toContain(spanish.whole);
    for (const other of [localeChunks(dist, 'en'), localeChunks(dist, 'ar')])
      for (const file of Object.values(other)) expect(files).not.toContain(file);
    // The rest of the language follows once the page has loaded, and a screen opened later has it.
    await expect.poll(async () => (await scriptsFetched(page)).map((f) => f.file)).toContain(spanish.rest);
    await page.getByRole('link', { name: 'Datos', exact: true }).click();
    await expect(page.locator('.data-layout')).toBeVisible();
    expect(await keysShown(page)).toEqual([]);
    await shot(page, 'map-budget-spanish-data');
  });

  test('leaves the map library out of pages without a map', async ({ page }) => {
    await blockTiles(page);
    await page.goto('/views/data');
    await expect(page.locator('.data-layout')).toBeVisible();
    await shot(page, 'map-budget-data-view');
    const files = (await scriptsFetched(page)).map((f) => f.file);
    expect(files).not.toContain(mapRouteJs(dist).maplibre.file);
  });
});
