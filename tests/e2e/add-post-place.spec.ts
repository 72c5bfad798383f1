import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { blockTiles, plainSurvey, postViaApi } from './posts-support';
import { expectAccessible, openAs } from './settings-session';
import { expect, shot, test, unique } from './support';

/**
 * Issue 29: the Add post button never covers content. Whatever is scrolled under it, at a laptop's
 * and a phone's width, left to right and right to left, in the data view and on the map, its box
 * meets no card and no other control (the map's canvas is one).
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const addPostName = (code: 'en' | 'ar') => {
  const strings = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../client/src/locales/${code}.json`), 'utf8')) as {
    post_editor: { add_post: string };
  };
  return strings.post_editor.add_post;
};

type Offender = { at: number; what: string; box: string };

/**
 * Scrolls the page to several positions and, at each, lists what the button's box meets: a post
 * card, or a control (link, button, field, anything focusable) outside the button's own group.
 */
function offendersWhileScrolling(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const button = document.querySelector('.add-post-primary');
    if (!button) throw new Error('no Add post button');
    const interactive =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="menuitem"], [role="tab"], [tabindex]:not([tabindex="-1"]), .post-card';
    const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: Array<{ at: number; what: string; box: string }> = [];
    const room = document.documentElement.scrollHeight - window.innerHeight;
    for (const part of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
      const at = Math.round(room * part);
      window.scrollTo(0, at);
      const own = button.getBoundingClientRect();
      for (const el of Array.from(document.querySelectorAll(interactive))) {
        if (button.contains(el) || el.contains(button)) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue;
        if (meets(own, box)) found.push({ at, what: describe(el), box: `${JSON.stringify(own)} / ${JSON.stringify(box)}` });
      }
    }
    window.scrollTo(0, 0);
    return found;
  });
}

/** The button is on screen at the top, named, drawn on top (not under something) and reached with Tab. */
async function expectReachable(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const add = page.getByRole('button', { name, exact: true });
  await expect(add).toBeVisible();
  await expect(add).toBeEnabled();
  expect(
    await add.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    }),
  ).toBe(true);
  // From the search box, Tab reaches it through the toolbar.
  await page.locator('.filter-search').focus();
  for (let i = 0; i < 20 && !(await add.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
}

for (const size of SIZES) {
  for (const code of ['en', 'ar'] as const) {
    test(`at ${size.width} px in ${code} the Add post button covers no card and no control, scrolled anywhere`, async ({ page, api }) => {
      await blockTiles(page);
      await page.addInitScript((language) => localStorage.setItem('platform.language', language), code);
      await page.setViewportSize({ width: size.width, height: size.height });
      const survey = await plainSurvey(api);
      const posts = [];
      for (let i = 0; i < 14; i++) posts.push(await postViaApi(api, survey.id, unique(`Place ${i} `)));
      const name = addPostName(code);

      await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
      await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('.post-card')).toHaveCount(14);
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
      // Enough cards for the page to scroll well past a screen.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(size.height / 2);
      expect(await offendersWhileScrolling(page)).toEqual([]);
      await expectReachable(page, name);
      await expectAccessible(page);
      await shot(page, `add-post-place-${size.name}-${code}`);

      // With a post open beside (or, on a phone, instead of) the list.
      await page.goto(`/posts/${posts[3]!.id}?form=${survey.id}`);
      await expect(page.locator('.post-detail-title')).toHaveText(posts[3]!.title as string);
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
      expect(await offendersWhileScrolling(page)).toEqual([]);
      await expectReachable(page, name);
      await expectAccessible(page);

      // On the map, the screen most visitors land on: the same button, beside the filters, off the map.
      await page.goto(`/views/map?form=${survey.id}`);
      await expect(page.locator('.map-stats')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
      expect(await offendersWhileScrolling(page)).toEqual([]);
      await expectReachable(page, name);
      await expectAccessible(page);
      await shot(page, `add-post-place-map-${size.name}-${code}`);
    });
  }
}
