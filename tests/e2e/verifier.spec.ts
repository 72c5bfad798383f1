import { expect, shot, test } from './support';
import { expectNoHorizontalScroll, seriousViolations } from './settings-admin';

const check = (page: import('@playwright/test').Page, title: string) =>
  page.locator('.check', { has: page.getByRole('heading', { name: title }) });

test.describe('installer verifier', () => {
  test('runs every check against the real server without a login', async ({ page }) => {
    await page.goto('/verifier');
    await expect(page.getByRole('heading', { level: 1, name: 'Installation checks' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'checks passed' })).toHaveText('5 of 7 checks passed');

    await expect(check(page, 'Network')).toContainText('Passed');
    await expect(check(page, 'Endpoint status and structure')).toContainText('Every endpoint answered as expected.');
    for (const path of ['/api/v3/config', '/api/v3/tags', '/api/v3/forms', '/api/v3/config/features', '/api/v3/config/map']) {
      await expect(
        check(page, 'Endpoint status and structure')
          .locator('li', { hasText: `GET ${path}` })
          .first(),
      ).toContainText('200: good.');
    }
    await expect(check(page, 'Auth endpoint')).toContainText('The auth endpoint gave a token and the API accepted it.');
    await expect(check(page, 'Auth endpoint')).toContainText('POST /oauth/token');
    await expect(check(page, 'Client environment')).toContainText('The API reports the same address as this page');
    await expect(check(page, 'Translations')).toContainText('All 3 language files load.');
    // The e2e server runs with install debug mode off: 204 and the header, nothing more.
    await expect(check(page, 'Database connection')).toContainText(
      'Install debug mode is off, so the server does not report on its database.',
    );
    await expect(check(page, 'API environment')).toContainText(
      'Install debug mode is off, so the server does not report on its environment.',
    );
    await expect(page.getByText(/turn it on only while installing, and off as soon as everything works/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'verifier');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the checks-disabled list switches off single checks or all, and is remembered', async ({ page }) => {
    await page.goto('/verifier');
    await expect(page.getByRole('status').filter({ hasText: 'checks passed' })).toHaveText('5 of 7 checks passed');
    await page.getByText('Switched-off checks (0)').click();
    await page.getByLabel('Auth endpoint').check();
    await page.getByLabel('Translations').check();
    await expect(check(page, 'Auth endpoint')).toContainText('Switched off');
    await page.getByRole('button', { name: 'Run the checks again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'checks passed' })).toHaveText('3 of 5 checks passed');

    await page.reload();
    await expect(page.getByText('Switched-off checks (2)')).toBeVisible();
    await expect(check(page, 'Translations')).toContainText('Switched off');
    await expect(page.getByRole('status').filter({ hasText: 'checks passed' })).toHaveText('3 of 5 checks passed');

    await page.getByText('Switched-off checks (2)').click();
    await page.getByLabel('Switch off all checks').check();
    await expect(page.locator('.check', { hasText: 'Switched off' })).toHaveCount(7);
    await expect(page.getByRole('status').filter({ hasText: 'switched off' })).toHaveText('Every check is switched off.');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await shot(page, 'verifier-disabled-phone');
    // Spanish's "Volver a ejecutar las comprobaciones" is wider than the screen: it wraps instead.
    await page.getByLabel('Language').selectOption('es');
    const again = page.getByRole('button', { name: 'Volver a ejecutar las comprobaciones' });
    await expect(again).toBeVisible();
    const box = (await again.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoHorizontalScroll(page);
    await page.locator('.language-picker select').selectOption('en');
    await page.getByLabel('Switch off all checks').uncheck();
    await page.getByRole('button', { name: 'Run the checks again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'checks passed' })).toHaveText('5 of 7 checks passed');
  });
});
