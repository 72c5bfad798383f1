import { mappedPost, mappedSurvey } from './map-support';
import { expect, shot, test, unique } from './support';

test.describe('base map', () => {
  test('with no tile server reachable the map falls back to the shipped world outline', async ({ page }) => {
    // No network in tests anyway; aborting makes the failure immediate and explicit.
    await page.route(/^https:\/\/(tile\.openstreetmap\.org|server\.arcgisonline\.com)\//, (route) => route.abort());
    // A search nothing matches keeps the map at its opening view of the world, whatever posts
    // other tests have put on the map (a map fitted to them might show no coast at all).
    await page.goto(`/views/map?q=${encodeURIComponent(unique('no post matches '))}`);
    const map = page.getByRole('region', { name: 'Map of posts' });
    await expect(map).toHaveAttribute('data-ready', 'true');
    await expect(map).toHaveAttribute('data-basemap', 'offline');
    await expect(map.locator('canvas')).toBeVisible();
    // Coastlines and borders were drawn: a flat sea compresses to a few kilobytes of PNG.
    expect((await map.screenshot()).length).toBeGreaterThan(15_000);
    await shot(page, 'map-offline-outline');
  });

  test('without its world outline the map still shows the posts, and says so when the map library cannot load', async ({ page, api }) => {
    const survey = await mappedSurvey(api);
    await mappedPost(api, survey, unique('Outline-less '), -1.29, 36.82);
    await page.route(/^https:\/\/(tile\.openstreetmap\.org|server\.arcgisonline\.com)\//, (route) => route.abort());
    // The outline is a data file of its own: when it cannot be fetched, the posts are drawn anyway.
    await page.route(/\/assets\/countries-110m-[^/]*\.json$/, (route) => route.abort());
    await page.goto(`/views/map?form=${survey.id}`);
    const map = page.getByRole('region', { name: 'Map of posts' });
    await expect(map.locator('.map-marker, .map-cluster').first()).toBeVisible();
    await expect(map).toHaveAttribute('data-ready', 'false');

    // The map library is a chunk of its own: when it cannot be fetched, the map says so in its place.
    await page.unrouteAll({ behavior: 'wait' });
    await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`/views/map?form=${survey.id}`);
    await expect(map.getByText('The map could not be loaded. Check your connection and reload the page.')).toBeVisible();
    // The rest of the page works (the filters), and nothing claims the map is still loading.
    await expect(page.getByRole('complementary', { name: 'Filter posts' })).toBeVisible();
    await expect(page.locator('.map-stats')).toHaveAttribute('data-state', 'unavailable');
    await expect(page.locator('.map-stats')).toHaveText('');
    await shot(page, 'map-library-failed');
  });
});
