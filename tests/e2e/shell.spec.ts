import AxeBuilder from '@axe-core/playwright';
import { expect, shot, test } from './support';

test.describe('shell and routes', () => {
  test('/ goes to the map view; the mode bar, title and meta follow the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/views\/map$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    const modes = page.getByRole('navigation', { name: 'Views' });
    await expect(modes.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page');
    // Activity is enabled by the default features config.
    await expect(modes.getByRole('link', { name: 'Activity' })).toBeVisible();
    // Collections opens a dialog, so it is a button, dressed as its neighbours: no border, same type.
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return {
        font: `${style.fontSize} ${style.fontWeight} ${style.fontFamily}`,
        border: style.borderTopWidth,
        background: style.backgroundColor,
      };
    };
    expect(await modes.getByRole('button', { name: 'Collections' }).evaluate(look)).toEqual(
      await modes.getByRole('link', { name: 'Data' }).evaluate(look),
    );
    await expect(page).toHaveTitle(/^Map/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    // Not framed: no Powered-by link.
    await expect(page.getByRole('link', { name: /Powered by/ })).toHaveCount(0);

    await modes.getByRole('link', { name: 'Data' }).click();
    await expect(page).toHaveURL(/\/views\/data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
    await expect(page).toHaveTitle(/^Data/);
    await shot(page, 'shell-data-view');
  });

  test('unknown paths go to /404, /views/create to the map, trailing slashes are tolerated', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText("That URL doesn't exist")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await shot(page, 'shell-404');

    await page.goto('/views/create');
    await expect(page).toHaveURL(/\/views\/map$/);
    await page.goto('/views/data/');
    await expect(page.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
  });

  test('the app is sent compressed, its hashed assets cached for good, a missing asset is a 404', async ({ page, baseURL }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto('/views/data');
    await expect(page.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
    // The entry chunk: well above the size below which compressing is not worth it.
    const asset = scripts.find((url) => /\/assets\/index-[^/]+\.js$/.test(url));
    expect(asset).toBeDefined();
    const res = await fetch(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${baseURL}/assets/no-such-chunk.js`, { headers: { Accept: '*/*' } });
    expect(missing.status).toBe(404);
  });

  test('the forbidden page', async ({ page }) => {
    await page.goto('/forbidden');
    await expect(page.getByRole('heading', { name: 'Forbidden' })).toBeVisible();
    await expect(page.getByText("Sorry, you're not allowed to do that.")).toBeVisible();
    await page.getByRole('link', { name: 'Go to the map' }).click();
    await expect(page).toHaveURL(/\/views\/map$/);
  });

  test('an anonymous visitor is sent from /settings to /', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/views\/map$/);
    await page.goto('/settings/users');
    await expect(page).toHaveURL(/\/views\/map$/);
  });

  test('the support links menu opens and closes from the keyboard', async ({ page }) => {
    await page.goto('/views/map');
    const help = page.getByRole('button', { name: 'Help' });
    await help.focus();
    await page.keyboard.press('Enter');
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Documentation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report a bug' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Features' })).toBeVisible();
    // Chat support needs a login and a chat application id.
    await expect(page.getByRole('link', { name: 'Chat with support' })).toHaveCount(0);
    await shot(page, 'shell-support-menu');
    await page.keyboard.press('Escape');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expect(help).toBeFocused();
  });

  test('a bootstrap error shows the first error message when GET /config fails', async ({ page }) => {
    // A dropped connection, not a fake answer: the browser never reaches the server for this call.
    await page.route('**/api/v3/config', (route) => route.abort('connectionrefused'));
    await page.goto('/views/map');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'This site could not be loaded' })).toBeVisible();
    await expect(alert.locator('.bootstrap-error-message')).toHaveText(
      'The server could not be reached. Check your connection and try again.',
    );
    await shot(page, 'shell-bootstrap-error');
    await page.unroute('**/api/v3/config');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
  });

  test('inside a frame the embed variant shows the Powered-by link', async ({ page, baseURL }) => {
    // A page that frames the app. It is served from the app's own origin because Chromium blocks
    // public pages from framing a loopback address, which is where the test server listens.
    await page.goto('/404');
    await page.setContent(
      `<!doctype html><title>Host</title><iframe title="embedded map" src="${baseURL}/views/map" style="width:800px;height:600px"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    await expect(frame.getByRole('link', { name: /Powered by/ })).toBeVisible();
    await shot(page, 'shell-embed');
  });

  test('Arabic switches the document to right-to-left, and back', async ({ page }) => {
    await page.goto('/views/map');
    await page.getByLabel('Language').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'الخريطة' })).toBeVisible();
    await shot(page, 'shell-arabic-rtl');
    // The choice is remembered.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel('اللغة').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Mapa' })).toBeVisible();
  });

  test('works at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/views/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'shell-phone');
    // On a phone the header keeps one row; its menu holds the views and the account's buttons.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    const dialogOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'login-phone');
  });
});

test.describe('accessibility', () => {
  const serious = (violations: Array<{ impact?: string | null }>) =>
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

  test('the shell has no serious or critical violations', async ({ page }) => {
    await page.goto('/views/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(serious(results.violations), JSON.stringify(serious(results.violations), null, 2)).toEqual([]);
  });

  test('the login dialog has no serious or critical violations and traps focus', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/views\/map$/);
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    // Tab from the last control comes back to the first one inside the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const results = await new AxeBuilder({ page }).analyze();
    expect(serious(results.violations), JSON.stringify(serious(results.violations), null, 2)).toEqual([]);
    await shot(page, 'login-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
