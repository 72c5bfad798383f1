import { expect, shot, test } from './support';

test.describe('base map', () => {
  test('with no tile server reachable the map falls back to the shipped world outline', async ({ page }) => {
    // No network in tests anyway; aborting makes the failure immediate and explicit.
    await page.route(/^https:\/\/(tile\.openstreetmap\.org|server\.arcgisonline\.com)\//, (route) => route.abort());
    await page.goto('/views/map');
    const map = page.getByRole('region', { name: 'Map of posts' });
    await expect(map).toHaveAttribute('data-ready', 'true');
    await expect(map).toHaveAttribute('data-basemap', 'offline');
    await expect(map.locator('canvas')).toBeVisible();
    // Coastlines and borders were drawn: a flat sea compresses to a few kilobytes of PNG.
    expect((await map.screenshot()).length).toBeGreaterThan(15_000);
    await shot(page, 'map-offline-outline');
  });
});
