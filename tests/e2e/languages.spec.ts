import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { mappedPost, mappedSurvey } from './map-support';
import { apiPost, blockTiles, plainSurvey } from './posts-support';
import { openAs } from './settings-session';
import { expect, onE2eDatabase, shot, test, unique } from './support';

type Tree = { [key: string]: string | Tree };
const locale = (code: string): Tree =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../client/src/locales/${code}.json`), 'utf8')) as Tree;
const leaves = (tree: Tree): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [...leaves(v)].map(([kk, vv]) => [`${k}.${kk}`, vv]))),
  );
const english = leaves(locale('en'));

/**
 * English strings of the interface still on screen: every visible text, label, placeholder and
 * title that is exactly an English string the language translates differently.
 */
async function englishLeft(page: Page, code: string): Promise<string[]> {
  const translated = leaves(locale(code));
  const untranslated = new Set(
    [...english].filter(([key, text]) => !/\{\{|</.test(text) && translated.get(key) !== text).map(([, text]) => text.trim()),
  );
  const shown = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(el)) continue;
      for (const node of Array.from(el.childNodes))
        if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) out.push(node.textContent.trim());
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attribute);
        if (value?.trim()) out.push(value.trim());
      }
    }
    return out;
  });
  return [...new Set(shown.filter((text) => untranslated.has(text)))];
}

type Bar = { name: string; value: number; left: number; right: number };

/**
 * The bars of the activity page's by-volume chart as echarts laid them out: each category's name,
 * value and drawn rectangle (left and right ends, in the chart's pixels). The app keeps no handle
 * on its charts, so the chart instance is found in the page's heap through the DevTools protocol.
 */
async function drawnBars(page: Page, chartIndex: number): Promise<{ width: number; categories: number; bars: Bar[] } | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result: prototype } = await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: prototype.objectId! });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId!,
      arguments: [{ value: chartIndex }],
      returnByValue: true,
      functionDeclaration: `function (index) {
        const dom = document.querySelectorAll('.activity-chart[role="img"]')[index];
        const isChart = (o) => {
          try { return typeof o.getDom === 'function' && typeof o.getModel === 'function' && o.getDom() === dom && !o.isDisposed(); }
          catch { return false; }
        };
        const chart = dom && this.find(isChart);
        if (!chart) return null;
        const series = chart.getModel().getSeriesByIndex(0);
        const data = series.getData();
        const names = chart.getOption().yAxis[0].data;
        const bars = [];
        for (let i = 0; i < data.count(); i++) {
          const shape = data.getItemGraphicEl(i)?.shape;
          if (!shape) continue;
          const [a, b] = [shape.x, shape.x + shape.width];
          bars.push({ name: names[i], value: Number(series.getRawValue(i)), left: Math.min(a, b), right: Math.max(a, b) });
        }
        return { width: chart.getWidth(), categories: names.length, bars };
      }`,
    });
    return result.value as { width: number; categories: number; bars: Bar[] } | null;
  } finally {
    await cdp.detach();
  }
}

/**
 * What the by-volume chart shows, reduced to what must hold for any number of surveys: every
 * category has its bar, the bars start together on the side the language reads from, and each is
 * as long as its value says.
 */
async function volumeChartReading(page: Page, names: string[]) {
  const drawn = await drawnBars(page, 1);
  if (!drawn || drawn.bars.length === 0) return null;
  const { width, categories, bars } = drawn;
  const lefts = bars.map((b) => b.left);
  const rights = bars.map((b) => b.right);
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const side = spread(lefts) <= 1 && lefts[0]! < width / 2 ? 'left' : spread(rights) <= 1 && rights[0]! > width / 2 ? 'right' : 'none';
  // Pixels per post: the same for every bar (within a pixel of rounding), none of them empty.
  const scale = Math.max(...bars.map((b) => (b.right - b.left) / b.value));
  const proportional = bars.every((b) => b.right - b.left > 0 && Math.abs(b.right - b.left - b.value * scale) <= 1.5);
  return {
    side,
    proportional,
    everyCategory: bars.length === categories && bars.length >= 2,
    values: Object.fromEntries(names.map((name) => [name, bars.find((b) => b.name === name)?.value])),
  };
}

for (const [code, heading, dir] of [
  ['es', 'Mapa', 'ltr'],
  ['ar', 'الخريطة', 'rtl'],
] as const) {
  test(`in ${code} the map, the data view, its filters and the login dialog show no English`, async ({ page }) => {
    const strings = leaves(locale(code));
    await blockTiles(page);
    await page.goto('/views/map');
    await page.getByLabel('Language').selectOption(code);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await englishLeft(page, code)).toEqual([]);

    await page
      .getByRole('link', { name: strings.get('nav.data')! })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: strings.get('views.data.title')! })).toBeVisible();
    expect(await englishLeft(page, code)).toEqual([]);
    await page.getByRole('button', { name: new RegExp(`^${strings.get('filters.button')!}`) }).click();
    await expect(page.getByRole('dialog', { name: strings.get('filters.title')! })).toBeVisible();
    expect(await englishLeft(page, code)).toEqual([]);
    await shot(page, `filters-${code}`);
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: strings.get('account.login')! })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: strings.get('login.title')! })).toBeVisible();
    expect(await englishLeft(page, code)).toEqual([]);
    await shot(page, `login-${code}`);

    // Without a connection the client's own failure is worded in the language too.
    const login = page.getByRole('dialog', { name: strings.get('login.title')! });
    await login.getByLabel(strings.get('login.email')!).fill('someone@example.com');
    await login.getByLabel(strings.get('login.password')!).fill('a password');
    await page.context().setOffline(true);
    await login.getByRole('button', { name: strings.get('login.submit')!, exact: true }).click();
    // The server was not reached: nothing says the password was wrong, and what was typed stays.
    await expect(login.getByRole('alert')).toHaveText(strings.get('api_failure.unreachable')!);
    await expect(login.getByLabel(strings.get('login.email')!)).toHaveValue('someone@example.com');
    await shot(page, `login-offline-${code}`);
    await page.context().setOffline(false);
  });

  test(`in ${code} the data view fits a phone`, async ({ page }) => {
    await blockTiles(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/views/data');
    await page.getByLabel('Language').selectOption(code);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `data-phone-${code}`);
  });

  test(`in ${code} the activity page's charts and tables`, async ({ page, api }) => {
    test.skip(!process.env.E2E_DATABASE_URL, 'needs the e2e server on a Postgres server (TEST_DATABASE_URL)');
    const strings = leaves(locale(code));
    // Posts of three months, so the timeline's axis names months.
    const survey = await mappedSurvey(api, '#aa3300', 'Meses ');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await mappedPost(api, survey, unique('Mes '), 1 + i, 1 + i));
    // A second survey with fewer posts, so the by-volume bars differ in length.
    const few = await mappedSurvey(api, '#3300aa', 'Pocos ');
    await mappedPost(api, few, unique('Uno '), 5, 5);
    await onE2eDatabase(async (db) => {
      for (const [i, id] of ids.entries())
        await db.query(`update posts set created = $2 where id = $1`, [id, `2026-0${2 + 3 * i}-10T12:00:00Z`]);
    });
    await openAs(page, api, 'admin', '/activity');
    await page.getByLabel('Language').selectOption(code);
    await expect(page.getByRole('heading', { level: 1, name: strings.get('views.activity.title')! })).toBeVisible();
    const charts = page.locator('.activity-chart[role="img"]');
    await expect(charts).toHaveCount(2);
    for (const chart of await charts.all()) {
      await expect(chart).toHaveAttribute('data-locale', code.toUpperCase());
      // Right to left, time and the bars run from the right and the axes' labels stand on the right.
      await expect(chart).toHaveAttribute('data-dir', dir);
    }
    // The by-volume bars, read from echarts whatever the number of surveys the other specs made:
    // each drawn, as long as its count, and starting together on the side the language reads from.
    await expect
      .poll(() => volumeChartReading(page, [survey.name, few.name]))
      .toEqual({
        side: dir === 'rtl' ? 'right' : 'left',
        proportional: true,
        everyCategory: true,
        values: { [survey.name]: 3, [few.name]: 1 },
      });
    await expect(page.getByRole('row', { name: new RegExp(survey.name) })).toBeVisible();
    expect(await englishLeft(page, code)).toEqual([]);
    await shot(page, `activity-${code}`);
  });
}

test('what people write keeps its own direction: English in the Arabic interface, Arabic in the English one', async ({ page, api }) => {
  const survey = await plainSurvey(api);
  const written = async (title: string, content: string) =>
    (await apiPost(api, '/posts', { form_id: survey.id, title, content, status: 'published', values: {} })).id as number;
  const english = await written(unique('Water point '), 'The pump at the school is broken.');
  const arabic = await written(`نقطة مياه ${unique('')}`, 'المضخة في المدرسة معطلة.');
  const direction = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => (el.matches(':dir(rtl)') ? 'rtl' : 'ltr'));
  await blockTiles(page);

  // Inherited from the page, an English sentence's full stop would sit at its start in Arabic: ".The pump at the school is broken"
  for (const [post, language, pageDir, textDir] of [
    [english, 'ar', 'rtl', 'ltr'],
    [arabic, 'en', 'ltr', 'rtl'],
  ] as const) {
    await page.goto(`/posts/${post}`);
    await page.locator('.language-picker select').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('dir', pageDir);
    await expect(page.locator('.post-detail-title')).toBeVisible();
    expect(await direction('.post-detail-title')).toBe(textDir);
    expect(await direction('.post-content')).toBe(textDir);
    expect(await direction(`[data-post-id="${post}"] .post-card-excerpt`)).toBe(textDir);
    await shot(page, `post-${textDir}-in-${language}`);
  }
  // Typing follows the text too.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('مضخة');
  expect(await direction('input[type="search"]')).toBe('rtl');
});
