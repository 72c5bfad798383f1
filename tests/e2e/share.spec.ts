import { postViaApi, plainSurvey, blockTiles } from './posts-support';
import { openAs } from './settings-session';
import { expect, shot, test, unique } from './support';

test.describe('share modal', () => {
  test('gives the page address, Facebook and Twitter links and an embed snippet that loads the filtered map in a frame', async ({
    page,
    api,
    baseURL,
  }) => {
    await blockTiles(page);
    const survey = await plainSurvey(api);
    await postViaApi(api, survey.id, unique('Shared '));
    await page.goto(`/views/data?form=${survey.id}`);
    await expect(page.locator('.post-card')).toHaveCount(1);

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    const address = `${baseURL}/views/data?form=${survey.id}`;
    await expect(dialog.getByLabel('Address of this page')).toHaveValue(address);
    await expect(dialog.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
    );
    await expect(dialog.getByRole('link', { name: 'Share on Twitter' })).toHaveAttribute(
      'href',
      new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${encodeURIComponent(address).replace(/[.?]/g, '\\$&')}`),
    );
    // A visitor may not export: the entry is not offered at all.
    await expect(dialog.getByText(/CSV|export/i)).toHaveCount(0);
    const snippet = await dialog.getByLabel('Embed the map on a website').inputValue();
    expect(snippet).toContain(`src="${baseURL}/map/noui?form=${survey.id}"`);
    await shot(page, 'share-modal');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The snippet, pasted into another page, shows the map alone with the same survey filter.
    const filtered: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v3/posts/clusters')) filtered.push(request.url());
    });
    await page.goto('/404');
    await page.setContent(`<!doctype html><html><body><h1>Elsewhere</h1>${snippet}</body></html>`);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('.map-noui-canvas')).toBeVisible({ timeout: 20_000 });
    await expect(frame.locator('.map-noui-logo')).toBeVisible();
    await expect.poll(() => filtered.some((url) => new RegExp(`form(%5B%5D|\\[\\])?=${survey.id}(&|$)`).test(url))).toBe(true);
    await shot(page, 'share-embed-frame');
  });

  test('offers those who may export the export screen with the filters of the page', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await plainSurvey(api);
    await postViaApi(api, survey.id, unique('Exported '));
    await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
    await expect(page.locator('.post-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('link', { name: 'Export the filtered posts' }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/data-export\\?form=${survey.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
    await shot(page, 'share-export-screen');
  });
});
