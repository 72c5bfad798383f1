import type { ApiClient } from '../integration/helpers/api';
import { apiPost, mappedPost, mappedSurvey, readyMap, type MappedSurvey } from './map-support';
import { blockTiles } from './posts-support';
import { openAs } from './settings-session';
import { expect, onE2eDatabase, shot, test, unique } from './support';

type Seeded = {
  survey: MappedSurvey;
  parent: { id: number; tag: string };
  child: { id: number; tag: string };
  titles: Record<'city' | 'coast' | 'nowhere', string>;
};

/** A survey with a categories field; a tagged post in Nairobi, one on the coast, one without a location. */
async function seed(api: ApiClient): Promise<Seeded> {
  const survey = await mappedSurvey(api, '#6a3d9a', 'Filters ');
  const parent = (await apiPost(api, '/tags', { tag: unique('Health ') })) as { id: number; tag: string };
  const child = (await apiPost(api, '/tags', { tag: unique('Clinics '), parent_id: parent.id })) as { id: number; tag: string };
  const topics = await apiPost(api, `/forms/${survey.id}/attributes`, {
    form_stage_id: survey.stage,
    label: 'Topics',
    type: 'tags',
    input: 'tags',
    priority: 4,
    options: [parent.id, child.id],
  });
  const titles = { city: unique('City clinic '), coast: unique('Coast road '), nowhere: unique('No place ') };
  await apiPost(api, '/posts', {
    form_id: survey.id,
    title: titles.city,
    content: 'A clinic in the city.',
    status: 'published',
    values: { [survey.point]: [{ lat: -1.2864, lon: 36.8172 }], [topics.key as string]: [parent.id, child.id] },
  });
  await mappedPost(api, survey, titles.coast, -4.0435, 39.6682);
  await apiPost(api, '/posts', { form_id: survey.id, title: titles.nowhere, content: 'Nowhere in particular.', status: 'published' });
  return { survey, parent, child, titles };
}

test.describe('filters', () => {
  test('on a phone and a tablet the filters panel and its buttons fit the screen, in English, Spanish and Arabic', async ({ page }) => {
    await blockTiles(page);
    // The map's panel ends with "Close and view", longer than the data view's "Apply"; Spanish has the longest words.
    // On a tablet the Filters button sits past the screen's middle, where a panel hung from it ran off the screen.
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: 844 });
      for (const view of ['data', 'map']) {
        for (const language of ['en', 'es', 'ar']) {
          await page.goto(`/views/${view}`);
          await page.locator('.language-picker select').selectOption(language);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await page.locator('.filters-dropdown > button').click();
          const panel = page.locator('.filters-panel');
          await expect(panel).toBeVisible();
          const box = (await panel.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          for (const button of await panel.locator('.filters-panel-footer button').all()) {
            const edge = (await button.boundingBox())!;
            expect(edge.x).toBeGreaterThanOrEqual(box.x);
            expect(edge.x + edge.width).toBeLessThanOrEqual(box.x + box.width);
            // Opening the panel brings its buttons on screen, low as the filter bar sits on a phone.
            expect(edge.y).toBeGreaterThanOrEqual(0);
            expect(edge.y + edge.height).toBeLessThanOrEqual(844);
          }
          await shot(page, `filters-${width}-${view}-${language}`);
        }
      }
    }
  });

  test('Save search is offered only once a filter differs from its default', async ({ page, api }) => {
    await blockTiles(page);
    await openAs(page, api, 'user', '/views/data');
    await expect(page.getByRole('button', { name: 'Saved searches' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0);
    await page.goto('/views/data?q=flood');
    await expect(page.getByRole('button', { name: 'Save search' })).toBeVisible();
    await shot(page, 'filters-save-search-offered');
    // Restored to the defaults, it goes again.
    await page.goto('/views/data?status=published,draft');
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0);
  });

  test('the filters dropdown, chips and search filter the data list, and the address keeps them', async ({ page, api }) => {
    await blockTiles(page);
    const { survey, parent, child, titles } = await seed(api);
    await page.goto(`/views/data?form=${survey.id}`);
    const cards = page.locator('.post-card');
    await expect(cards).toHaveCount(3);

    // Categories (a child brings its parent) and has-location.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: child.tag }).check();
    await expect(panel.getByRole('checkbox', { name: parent.tag })).toBeChecked();
    await panel.getByRole('radio', { name: 'Posts with a location' }).check();
    await shot(page, 'filters-dropdown');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel).toBeHidden();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips).toContainText(`Categories: ${parent.tag}, ${child.tag}`);
    await expect(chips).toContainText('Posts with a location');
    await expect(page).toHaveURL(/has_location=mapped/);
    await expect(page).toHaveURL(new RegExp(`tags=(${parent.id}%2C${child.id}|${child.id}%2C${parent.id})`));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(titles.city);
    await shot(page, 'filters-chips');

    // Removing a chip removes its filter only.
    await chips.getByRole('button', { name: /Remove filter: Categories/ }).click();
    await expect(cards).toHaveCount(2);
    await expect(page.locator('.post-card', { hasText: titles.nowhere })).toHaveCount(0);

    // The address alone restores the view (a shared link).
    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect(chips).toContainText('Posts with a location');

    // A place from the gazetteer with a radius.
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await panel.getByLabel('Near a place or lat,lon').fill('Nairob');
    await panel
      .getByRole('list', { name: 'Places found' })
      .getByRole('button', { name: /^Nairobi/ })
      .first()
      .click();
    await panel.getByLabel('Within').selectOption('10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(chips).toContainText(/Within 10 km of Nairobi/);
    await expect(page).toHaveURL(/within_km=10/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(titles.city);

    // A place name typed and applied without picking a result: the first place found is used.
    await page.getByRole('button', { name: 'Filters (3)' }).click();
    await panel.getByLabel('Near a place or lat,lon').fill('Mombasa');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(chips).toContainText(/Within 10 km of Mombasa/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(titles.coast);

    // Search box, then restore defaults.
    await page.getByRole('button', { name: /Remove filter: Within/ }).click();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(titles.coast);
    await expect(chips).toContainText(`Search: ${titles.coast}`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(titles.coast);

    // Oldest first: the order flips.
    await page.getByRole('button', { name: /Remove filter: Search/ }).click();
    await page.getByRole('button', { name: /Remove filter: Posts with a location/ }).click();
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(titles.nowhere);
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await panel.getByLabel('Order').selectOption('asc');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(cards.first()).toContainText(titles.city);
    await expect(chips).toContainText('Sorted by Date created, Oldest first');

    // A date range before the posts existed leaves nothing.
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await panel.getByLabel('To', { exact: true }).fill('2020-01-01');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('Your search did not match any posts.')).toBeVisible();

    await page.getByRole('button', { name: 'Filters (3)' }).click();
    await panel.getByRole('button', { name: 'Restore defaults' }).click();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(chips).toBeHidden();
    expect(new URL(page.url()).search).toBe('');
  });

  test('on the map: a category, then lat,lon text with a radius, applied with "close and view"', async ({ page, api }) => {
    await blockTiles(page);
    const { survey, child } = await seed(api);
    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    const stats = page.getByRole('status').filter({ hasText: 'on the map' });
    await expect(stats).toHaveText('2 posts on the map');
    const panel = page.getByRole('dialog', { name: 'Filters' });

    // A press outside closes the panel without applying it.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await panel.getByRole('checkbox', { name: child.tag }).check();
    await page.getByRole('heading', { name: 'Map', level: 1 }).click();
    await expect(panel).toBeHidden();
    await expect(stats).toHaveText('2 posts on the map');

    // A category: the map and the data list agree on the one tagged post.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await panel.getByRole('checkbox', { name: child.tag }).check();
    await panel.getByRole('button', { name: 'Close and view' }).click();
    await expect(stats).toHaveText('1 post on the map');
    await expect(page.locator('.map-marker, .map-cluster')).toHaveCount(1);
    await page.goto(`/views/data${new URL(page.url()).search}`);
    await expect(page.locator('.post-card')).toHaveCount(1);
    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await panel.getByLabel('Near a place or lat,lon').fill('-4.04, 39.67');
    await expect(panel.getByText('Near -4.04, 39.67')).toBeVisible();
    await panel.getByLabel('Within').selectOption('50');
    await panel.getByRole('button', { name: 'Close and view' }).click();
    await expect(stats).toHaveText('1 post on the map');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Within 50 km of -4.04,39.67');
    await shot(page, 'filters-map');
  });

  test("from a source's menu on the map, an administrator lists its incoming messages not yet in a survey", async ({ page, api }) => {
    test.skip(!process.env.E2E_DATABASE_URL, 'needs the e2e server on a Postgres server (TEST_DATABASE_URL)');
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#1f78b4', 'Sorted ');
    const titles = { unsorted: unique('Unsorted SMS '), sorted: unique('Sorted SMS '), email: unique('Unsorted email ') };
    // Messages come in through the data sources, which no API offers: put their posts in directly.
    await onE2eDatabase(async (db) => {
      for (const [form, title, source] of [
        [null, titles.unsorted, 'sms'],
        [survey.id, titles.sorted, 'sms'],
        [null, titles.email, 'email'],
      ] as const)
        await db.query(`insert into posts (form_id, title, content, status, source) values ($1, $2, 'Came in', 'draft', $3)`, [
          form,
          title,
          source,
        ]);
    });
    await openAs(page, api, 'admin', '/views/map');
    await readyMap(page);
    const sidebar = page.getByRole('complementary', { name: 'Filter posts' });
    await sidebar.getByLabel('Options for SMS').click();
    await sidebar.getByRole('button', { name: 'Show only incoming SMS' }).click();

    await expect(page).toHaveURL(/\/views\/data\?/);
    const address = new URL(page.url()).searchParams;
    expect([address.get('form'), address.get('source')]).toEqual(['none', 'sms']);
    await expect(page.locator('.post-card', { hasText: titles.unsorted })).toBeVisible();
    await expect(page.locator('.post-card', { hasText: titles.sorted })).toHaveCount(0);
    await expect(page.locator('.post-card', { hasText: titles.email })).toHaveCount(0);
    await expect(sidebar.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await expect(sidebar.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await expect(sidebar.getByRole('checkbox', { name: survey.name })).not.toBeChecked();
    await shot(page, 'filters-incoming-sms');
  });
});
