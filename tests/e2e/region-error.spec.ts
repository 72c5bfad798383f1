import { openAs } from './settings-session';
import { expect, shot, test } from './support';

// Issue 30 item 5: a failure in one region of a screen stays in that region, offers a retry and is
// reported to the server's log with the route.
test('a settings page whose code does not arrive fails alone, is reported, and loads on retry', async ({ page, api }) => {
  let blocked = true;
  await page.route('**/assets/categories.routes-*.js', (route) => (blocked ? route.abort('connectionreset') : route.continue()));
  const reported = page.waitForRequest((request) => request.url().endsWith('/api/v3/client-errors') && request.method() === 'POST');

  await openAs(page, api, 'admin', '/settings/categories');
  const failure = page.getByRole('alert').filter({ hasText: 'This settings page could not be shown' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Part of the application could not be loaded. Check your connection and try again.');
  // The header and the settings breadcrumbs are still there: only the page's region failed.
  await expect(page.getByRole('link', { name: 'Map' }).first()).toBeVisible();
  await expect(page.locator('.breadcrumbs').getByRole('link', { name: 'Settings' })).toBeVisible();
  await shot(page, 'region-error-settings');
  const report = (await reported).postDataJSON() as { region: string; route: string; message: string };
  expect(report).toMatchObject({ region: 'settings', route: '/settings/categories' });
  expect(report.message.length).toBeGreaterThan(0);
  expect((await (await reported).response())?.status()).toBe(204);

  blocked = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(failure).toHaveCount(0);
});
