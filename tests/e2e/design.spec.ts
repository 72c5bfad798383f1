import type { Locator, Page } from '@playwright/test';
import { blockTiles, plainSurvey, postViaApi } from './posts-support';
import { expectAccessible, expectNoOverflow, openAs } from './settings-session';
import { expect, shot, test, unique } from './support';

/** The design pass (issue 29 item 4): every main screen at a laptop's and a phone's size, in English and Arabic. */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TEXT = {
  en: { menu: 'Menu', sidebar: 'Filter sidebar', filters: 'Filter posts' },
  ar: { menu: 'القائمة', sidebar: 'الشريط الجانبي للتصفية', filters: 'تصفية المنشورات' },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

async function useLanguage(page: Page, code: 'en' | 'ar') {
  await page.addInitScript((language) => localStorage.setItem('platform.language', language), code);
}

/** Scrolled to the end of the data view, the Add post button covers no part of the last card (add-post-place.spec.ts checks everywhere). */
async function expectAddPostClearOfLastCard(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const fab = page.locator('.add-post-primary');
  await expect(fab).toBeVisible();
  const last = page.locator('.post-card').last();
  await expect(async () => {
    const [card, button] = [await box(last), await box(fab)];
    expect(overlaps(card, button), `card ${JSON.stringify(card)} / button ${JSON.stringify(button)}`).toBe(false);
  }).toPass({ timeout: 20_000 });
}

/** The wide data view: sidebar folded away and back (remembered across a reload), list and post side by side. */
async function checkWideDataView(page: Page, code: 'en' | 'ar', postId: number, formId: number) {
  const toggle = page.getByRole('button', { name: TEXT[code].sidebar });
  const sidebar = page.getByRole('complementary', { name: TEXT[code].filters });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();
  await page.reload();
  await expect(page.locator('.post-card').first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();
  await shot(page, `design-data-collapsed-${code}`);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toBeVisible();

  // An open post sits beside the list (on the right, or on the left in Arabic), not below it.
  await page.goto(`/posts/${postId}?form=${formId}`);
  const detail = page.locator('.post-detail');
  await expect(detail.locator('.post-detail-title')).toBeVisible();
  const [list, post] = [await box(page.locator('.post-timeline')), await box(detail)];
  expect(overlaps(list, post)).toBe(false);
  expect(Math.abs(list.y - post.y)).toBeLessThan(40);
  if (code === 'ar') expect(post.x + post.width).toBeLessThanOrEqual(list.x + 1);
  else expect(post.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
}

/** The phone header: one row, and a menu button that opens the rest, takes focus in and closes on Escape. */
async function checkPhoneHeader(page: Page, code: 'en' | 'ar') {
  const header = page.locator('.app-header');
  const row = await box(header);
  expect(row.height).toBeLessThanOrEqual(64);
  // The Add post button sits in that row, clear of the brand, the language and the menu button.
  const add = await box(page.locator('.add-post-primary'));
  expect(add.y).toBeGreaterThanOrEqual(row.y);
  expect(add.y + add.height).toBeLessThanOrEqual(row.y + row.height);
  for (const other of ['.brand', '.header-language', '.header-menu-button'])
    expect(overlaps(add, await box(page.locator(other))), other).toBe(false);
  const menu = page.getByRole('button', { name: TEXT[code].menu });
  const modes = page.locator('.mode-bar');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(modes).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(modes).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.getElementById('app-header-menu')?.contains(document.activeElement))).toBe(true);
  await expectAccessible(page);
  await shot(page, `design-menu-phone-${code}`);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(modes).toBeHidden();
  await expect(menu).toBeFocused();
}

for (const size of SIZES) {
  for (const code of ['en', 'ar'] as const) {
    test(`the main screens at ${size.width} px in ${code}: screenshots, axe and the layout`, async ({ page, api }) => {
      // Seven screens with axe on each: 2.1 min on the slowest instance seen.
      test.setTimeout(240_000);
      await blockTiles(page);
      await useLanguage(page, code);
      await page.setViewportSize({ width: size.width, height: size.height });
      const survey = await plainSurvey(api);
      const posts = [];
      for (let i = 0; i < 6; i++) posts.push(await postViaApi(api, survey.id, unique(`Design ${i} `)));
      const tag = `${size.name}-${code}`;

      // Login, anonymous.
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
      await shot(page, `design-login-${tag}`);

      // The data view, as an administrator, with this survey's posts.
      await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
      await expect(page.locator('.post-card')).toHaveCount(6);
      await expectNoOverflow(page);
      await expectAccessible(page);
      await shot(page, `design-data-${tag}`);
      if (size.name === 'phone') await checkPhoneHeader(page, code);
      await expectAddPostClearOfLastCard(page);
      await shot(page, `design-data-end-${tag}`);
      // On a wide screen the header holds everything in its row: no menu button.
      if (size.name === 'desktop') await expect(page.getByRole('button', { name: TEXT[code].menu })).toBeHidden();
      if (size.name === 'desktop') await checkWideDataView(page, code, posts[0]!.id as number, survey.id);

      // A post.
      await page.goto(`/posts/${posts[0]!.id}?form=${survey.id}`);
      await expect(page.locator('.post-detail-title')).toHaveText(posts[0]!.title as string);
      await expectNoOverflow(page);
      await expectAccessible(page);
      await shot(page, `design-post-${tag}`);

      // The map, without tiles.
      await page.goto(`/views/map?form=${survey.id}`);
      await expect(page.locator('[data-basemap][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
      await expectNoOverflow(page);
      await expectAccessible(page);
      await shot(page, `design-map-${tag}`);

      // Settings: the hub and the surveys list.
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoOverflow(page);
      await expectAccessible(page);
      await shot(page, `design-settings-${tag}`);
      await page.goto('/settings/surveys');
      await expect(page.getByRole('link', { name: survey.name, exact: true })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `design-settings-surveys-${tag}`);
    });
  }
}
