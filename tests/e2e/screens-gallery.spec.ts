import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { mappedPost, mappedSurvey } from './map-support';
import { blockTiles } from './posts-support';
import { openAs } from './settings-session';
import { adminToken, expect, test, unique } from './support';

/**
 * Issue 29: every main screen in English and Arabic at a laptop's and a phone's width, as JPEG
 * files a person looks through, written to test-results/screens by `npm run screens` (the committed
 * sets under tests/e2e/__screenshots__/{before,after} with SCREENS_OUT pointing there). On demand
 * only: it checks nothing the other specs do not, and takes five minutes of a CI run.
 */
test.skip(!process.env.SCREENS, 'the screens gallery runs on demand: npm run screens');
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.resolve(ROOT, process.env.SCREENS_OUT ?? 'test-results/screens');

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Loading placeholders of either generation of the interface: a screen is shot once none is left. */
const LOADING = '.loading:visible, .skeleton:visible, section[aria-busy="true"], .activity-chart-empty[data-state="loading"]';

/**
 * A JPEG of what the screen shows once it has stopped changing (a chart or a map drawing in, a
 * list arriving): two shots in a row alike, or the last of eight.
 */
async function screen(page: Page, name: string): Promise<void> {
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let previous: Buffer | null = null;
  let shot: Buffer = Buffer.alloc(0);
  for (let i = 0; i < 8; i++) {
    shot = await page.screenshot({ type: 'jpeg', quality: 70, animations: 'disabled', caret: 'hide' });
    if (previous?.equals(shot)) break;
    previous = shot;
  }
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${name}.jpg`), shot);
}

for (const size of SIZES) {
  for (const code of ['en', 'ar'] as const) {
    test(`screens gallery at ${size.width} px in ${code}`, async ({ page, api }) => {
      test.setTimeout(240_000);
      await blockTiles(page);
      await page.addInitScript((language) => localStorage.setItem('platform.language', language), code);
      await page.setViewportSize({ width: size.width, height: size.height });
      const tag = `${size.name}-${code}`;

      // What the screens show: a survey with located posts, a collection holding one, a saved search.
      const survey = await mappedSurvey(api, '#2a7ab0', 'Gallery ');
      const posts: number[] = [];
      for (let i = 0; i < 6; i++)
        posts.push(await mappedPost(api, survey, unique(`Water point ${i} `), (12 + i * 3) / 10, (368 + i * 2) / 10));
      const token = await adminToken(api);
      const collection = await api.post(
        '/collections',
        { name: unique('Verified '), description: 'Checked by a moderator', view: 'data' },
        { token },
      );
      expect(collection.status, collection.text).toBe(200);
      expect((await api.post(`/collections/${collection.body.id}/posts`, { id: posts[0] }, { token })).status).toBe(200);
      const search = await api.post('/savedsearches', { name: unique('Wells '), filter: { form: [survey.id] }, view: 'data' }, { token });
      expect(search.status, search.text).toBe(200);

      // The login dialog, to an anonymous visitor.
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('[data-basemap][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
      await screen(page, `login-${tag}`);

      // The rest as an administrator.
      await openAs(page, api, 'admin', `/views/map?form=${survey.id}`);
      await expect(page.locator('[data-basemap][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
      await screen(page, `map-${tag}`);

      await page.goto(`/views/data?form=${survey.id}`);
      await expect(page.locator('.post-card')).toHaveCount(6);
      await screen(page, `data-${tag}`);

      await page.goto(`/posts/${posts[1]}?form=${survey.id}`);
      await expect(page.locator('.post-detail-title')).toBeVisible();
      await screen(page, `data-post-open-${tag}`);

      // The post detail on its own, scrolled to its location.
      await page.goto(`/posts/${posts[1]}`);
      await expect(page.locator('.post-detail-title')).toBeVisible();
      await page.locator('.post-detail .maplibregl-canvas, .post-detail canvas').first().scrollIntoViewIfNeeded();
      await screen(page, `post-detail-${tag}`);

      await page.goto(`/posts/${posts[1]}/edit`);
      await expect(page.locator('form.post-editor')).toBeVisible();
      await screen(page, `post-editor-${tag}`);

      await page.goto(`/collections/${collection.body.id}/data`);
      await expect(page.locator('.set-header')).toBeVisible();
      await expect(page.locator('.post-card')).toHaveCount(1);
      await screen(page, `collection-${tag}`);

      await page.goto(`/savedsearches/${search.body.id}/data`);
      await expect(page.locator('.set-header')).toBeVisible();
      await expect(page.locator('.post-card').first()).toBeVisible();
      await screen(page, `saved-search-${tag}`);

      await page.goto('/activity');
      await expect(page.locator('.activity-chart').first()).toBeVisible();
      await screen(page, `activity-${tag}`);

      await page.goto('/settings');
      await expect(page.locator('.card-list > li').first()).toBeVisible();
      await screen(page, `settings-${tag}`);

      await page.goto('/settings/users');
      await expect(page.locator('.entity-row').first()).toBeVisible();
      await screen(page, `users-${tag}`);

      await page.goto(`/settings/surveys/edit/${survey.id}`);
      await expect
        .poll(() =>
          page.locator('input').evaluateAll((inputs, name) => inputs.some((i) => (i as HTMLInputElement).value === name), survey.name),
        )
        .toBe(true);
      await screen(page, `survey-editor-${tag}`);

      await page.goto('/settings/data-import');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screen(page, `data-import-${tag}`);

      await page.goto('/settings/data-export');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screen(page, `data-export-${tag}`);
    });
  }
}
