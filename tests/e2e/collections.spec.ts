import { mappedPost, mappedSurvey, readyMap } from './map-support';
import { blockTiles, plainSurvey, postViaApi } from './posts-support';
import { createRole, openAs } from './settings-session';
import { adminToken, createUser, expect, shot, test, unique } from './support';

test.describe('collections and saved searches', () => {
  test('create a collection, add a post from its card, browse the collection, and turn its notifications on and off', async ({
    page,
    api,
  }) => {
    await blockTiles(page);
    const survey = await plainSurvey(api);
    const kept = await postViaApi(api, survey.id, unique('Kept '));
    const other = await postViaApi(api, survey.id, unique('Other '));
    await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);

    // The collections list from the mode bar, and a new collection.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections' }).click();
    const list = page.getByRole('dialog', { name: 'Collections' });
    await list.getByRole('button', { name: 'New collection' }).click();
    const editor = page.getByRole('dialog', { name: 'New collection' });
    const name = unique('Verified ');
    await editor.getByRole('textbox', { name: 'Name' }).fill('ab');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('The name must be 3 to 255 characters')).toBeVisible();
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await editor.getByRole('textbox', { name: 'Description' }).fill('Reports a moderator has checked');
    await editor.getByRole('combobox', { name: 'Default view' }).selectOption('data');
    await shot(page, 'collection-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Collection “${name}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/collections\/\d+\/data$/);
    const collectionId = Number(/\/collections\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.locator('.post-card')).toHaveCount(0);

    // Back to all posts, and the post joins the collection from its card menu.
    await page.goto(`/views/data?form=${survey.id}`);
    const card = page.locator(`.post-card[data-post-id="${kept.id}"]`);
    await card.getByRole('button', { name: `Actions for ${kept.title}` }).click();
    await card.getByRole('button', { name: 'Add to collection' }).click();
    const picker = page.getByRole('dialog', { name: `Add “${kept.title}” to a collection` });
    await picker.getByRole('searchbox', { name: 'Search collections' }).fill(name);
    await picker.getByRole('checkbox', { name }).check();
    await expect(page.getByText(`Post added to “${name}”`)).toBeVisible();
    await expect(picker.getByRole('checkbox', { name })).toBeChecked();
    await shot(page, 'collection-add-picker');
    await picker.getByRole('button', { name: 'Close' }).last().click();

    // The collection shows only its post, under its header.
    await page.goto(`/collections/${collectionId}`);
    await expect(page).toHaveURL(new RegExp(`/collections/${collectionId}/data$`));
    const header = page.locator('.set-header');
    await expect(header.getByRole('heading', { name })).toBeVisible();
    await expect(header).toContainText('Reports a moderator has checked');
    await expect(page.locator('.post-card')).toHaveCount(1);
    await expect(page.locator(`.post-card[data-post-id="${kept.id}"]`)).toBeVisible();
    await expect(page.locator(`.post-card[data-post-id="${other.id}"]`)).toHaveCount(0);
    // Archived posts belong to the collection's default view: no filter shows as changed.
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(page.locator('.filter-chip')).toHaveCount(0);
    // A search cannot be saved from inside a collection (it would lose the collection).
    await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0);

    // Opening the post keeps the collection mode; closing it returns to the collection.
    await page.locator(`.post-card[data-post-id="${kept.id}"]`).getByRole('link', { name: kept.title }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collectionId}/data/posts/${kept.id}$`));
    const detail = page.locator('.post-detail');
    await expect(detail.getByRole('heading', { name: kept.title })).toBeVisible();
    await expect(header.getByRole('heading', { name })).toBeVisible();
    await expect(page.locator('.post-card')).toHaveCount(1);
    await shot(page, 'collection-post');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collectionId}/data$`));

    // Notifications on, then off, from the header.
    await header.getByRole('button', { name: 'Get notifications' }).click();
    await expect(page.getByText(`You will be notified of new posts in “${name}”`)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Turn off notifications' })).toBeVisible();
    await shot(page, 'collection-mode');
    const subscribed = await api.get(`/notifications?set=${collectionId}`, { token: await adminTokenOf(page) });
    expect(subscribed.body.total_count).toBe(1);
    await header.getByRole('button', { name: 'Turn off notifications' }).click();
    await expect(header.getByRole('button', { name: 'Get notifications' })).toBeVisible();

    // A post added elsewhere appears in the open collection without a reload.
    const late = await postViaApi(api, survey.id, unique('Late '));
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const token = await adminTokenOf(page);
    expect((await api.post(`/collections/${collectionId}/posts`, { id: late.id }, { token })).status).toBe(200);
    await expect(page.locator('.new-posts-banner')).toHaveText('1 new post');
    await page.locator('.new-posts-banner').click();
    await expect(page.locator(`.post-card[data-post-id="${late.id}"]`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // The same collection on the map, under the same header: only its mapped post shows.
    const mapped = await mappedSurvey(api, '#aa3300');
    const placed = await mappedPost(api, mapped, unique('Placed '), -1.2864, 36.8172);
    await mappedPost(api, mapped, unique('Elsewhere '), -4.0435, 39.6682);
    expect((await api.post(`/collections/${collectionId}/posts`, { id: placed }, { token })).status).toBe(200);
    await page.goto(`/collections/${collectionId}/map`);
    await readyMap(page);
    await expect(header.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'on the map' })).toHaveText('1 post on the map');
    // The survey counts beside the map are the collection's too (its two posts of the survey's three).
    await expect(page.getByTestId(`survey-count-${survey.id}`)).toHaveText('2');
    await expect(page.getByTestId(`survey-count-${mapped.id}`)).toHaveText('1');
    await shot(page, 'collection-map');
    // Its popup opens the post in the collection's data view.
    await page.locator(`.map-marker[data-post-id="${placed}"]`).click();
    await page.locator('.maplibregl-popup').getByRole('link', { name: 'Open post' }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collectionId}/data/posts/${placed}$`));
    await expect(header.getByRole('heading', { name })).toBeVisible();

    // Delete, with a confirmation, back to all posts.
    await header.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Collection “${name}” deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/views\/data$/);
    expect((await api.get(`/collections/${collectionId}`)).status).toBe(404);
  });

  test('save the current filters as a search, open it from the list, update and reset it', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await plainSurvey(api);
    const match = await postViaApi(api, survey.id, unique('Flooded bridge '));
    await postViaApi(api, survey.id, unique('Dry road '));
    await openAs(page, api, 'admin', `/views/data?form=${survey.id}&q=bridge`);
    await expect(page.locator('.post-card')).toHaveCount(1);

    await page.getByRole('button', { name: 'Save search' }).click();
    const editor = page.getByRole('dialog', { name: 'Save this search' });
    const name = unique('Bridges ');
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await shot(page, 'saved-search-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Search saved as “${name}”`)).toBeVisible();
    await expect(page).toHaveURL(/\/savedsearches\/\d+\/data\?/);
    const id = Number(/\/savedsearches\/(\d+)\//.exec(page.url())?.[1]);

    // Opened fresh from the list, it applies its stored filter.
    const foreign = unique('Foreign ');
    const other = await createUser(api);
    expect((await api.post('/savedsearches', { name: foreign, filter: { q: 'x' } }, { token: other.token })).status).toBe(200);
    const featured = unique('Featured ');
    const body = { name: featured, filter: { q: 'y' }, featured: true };
    expect((await api.post('/savedsearches', body, { token: await adminToken(api) })).status).toBe(200);
    await page.goto('/views/data');
    await page.getByRole('button', { name: 'Saved searches' }).click();
    const list = page.getByRole('dialog', { name: 'Saved searches' });
    // Listed are those featured or mine (spec 2 section 6), not another user's plain one.
    const search = list.getByRole('searchbox', { name: 'Search saved searches' });
    await search.fill(foreign);
    await expect(list.getByText('No saved searches found')).toBeVisible();
    await search.fill(featured);
    await expect(list.getByRole('link', { name: featured })).toBeVisible();
    await search.fill(name);
    await expect(list.getByRole('link', { name })).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(1);
    await shot(page, 'saved-search-list');
    await list.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/savedsearches/${id}/data\\?`));
    await expect(page.locator('.set-header').getByRole('heading', { name })).toBeVisible();
    await expect(page.locator('.post-card')).toHaveCount(1);
    await expect(page.locator(`.post-card[data-post-id="${match.id}"]`)).toBeVisible();
    await shot(page, 'saved-search-mode');

    // Widen it (no text search) and store that; then reset shows the stored filter again.
    await page.locator('.filter-chip', { hasText: 'bridge' }).getByRole('button').click();
    await expect(page.locator('.post-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'Update with current filters' }).click();
    await expect(page.getByText(`Saved search “${name}” updated`)).toBeVisible();
    const stored = await api.get(`/savedsearches/${id}`);
    expect(stored.body.filter).toEqual({ form: [survey.id], status: ['published', 'draft'] });
    await page.goto(`/savedsearches/${id}/data?form=${survey.id}&q=bridge`);
    await expect(page.locator('.post-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.locator('.post-card')).toHaveCount(2);

    // Clearing its filter shows every post: the stored one does not come back by itself.
    const elsewhere = await postViaApi(api, (await plainSurvey(api)).id, unique('Elsewhere '));
    await page.locator('.filter-chip').getByRole('button').click();
    await expect(page.locator(`.post-card[data-post-id="${elsewhere.id}"]`)).toBeVisible();
    await expect(page.locator('.filter-chip')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('?filters=defaults');
    // Nor when the page is reloaded, or the map shown and then the data again.
    await page.reload();
    await expect(page.locator(`.post-card[data-post-id="${elsewhere.id}"]`)).toBeVisible();
    await expect(page.locator('.filter-chip')).toHaveCount(0);
    const modes = page.getByRole('navigation', { name: 'Views' });
    await modes.getByRole('link', { name: 'Map' }).click();
    await expect(page).toHaveURL(new RegExp(`/savedsearches/${id}/map\\?filters=defaults$`));
    await modes.getByRole('link', { name: 'Data' }).click();
    await expect(page).toHaveURL(new RegExp(`/savedsearches/${id}/data\\?filters=defaults$`));
    await expect(page.locator(`.post-card[data-post-id="${elsewhere.id}"]`)).toBeVisible();
    await expect(page.locator('.filter-chip')).toHaveCount(0);
    // Entered again from its address alone, it shows its stored filter.
    await page.goto(`/savedsearches/${id}/data`);
    await expect(page.locator('.filter-chip')).toHaveCount(1);
    await expect(page.locator(`.post-card[data-post-id="${elsewhere.id}"]`)).toHaveCount(0);
  });
  test('a moderator with Manage Posts sees the featured switch switched off', async ({ page, api }) => {
    const role = await createRole(api, ['Manage Posts']);
    await openAs(page, api, role.name, '/views/data', ['Manage Posts']);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections' }).click();
    await page.getByRole('dialog', { name: 'Collections' }).getByRole('button', { name: 'New collection' }).click();
    const editor = page.getByRole('dialog', { name: 'New collection' });
    await expect(editor.getByRole('switch', { name: 'Featured (shown to everyone first)' })).toBeDisabled();
    await expect(editor).toContainText('Only administrators and those who manage collections and saved searches may feature one.');
    const name = unique('Moderated ');
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Collection “${name}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/collections\/\d+\/(data|map)$/);
    const collectionId = Number(/\/collections\/(\d+)\//.exec(page.url())?.[1]);
    const stored = await api.get(`/collections/${collectionId}`);
    expect(stored.body).toMatchObject({ name, featured: false });
  });

  test('the saved search delete modal deletes the ticked searches only, and leaves a deleted one that is open', async ({ page, api }) => {
    const member = await openAs(page, api, 'user', '/views/data');
    const names = [unique('Old A '), unique('Old B '), unique('Kept ')];
    const ids: number[] = [];
    for (const name of names) {
      const created = await api.post('/savedsearches', { name, filter: { q: name } }, { token: member.token });
      expect(created.status).toBe(200);
      ids.push(created.body.id as number);
    }
    // Someone else's featured search is listed, but not offered for deletion.
    const featured = unique('Featured ');
    await api.post('/savedsearches', { name: featured, filter: {}, featured: true }, { token: await adminToken(api) });

    await page.goto(`/savedsearches/${ids[0]}/data`);
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await page.getByRole('dialog', { name: 'Saved searches' }).getByRole('button', { name: 'Delete saved searches' }).click();
    const modal = page.getByRole('dialog', { name: 'Delete saved searches' });
    await expect(modal.getByRole('checkbox', { name: featured })).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Delete 0 saved searches' })).toBeDisabled();
    await modal.getByRole('checkbox', { name: names[0] }).check();
    await modal.getByRole('checkbox', { name: names[1] }).check();
    await shot(page, 'saved-search-delete');
    await modal.getByRole('button', { name: 'Delete 2 saved searches' }).click();
    await expect(page.getByText('2 saved searches deleted')).toBeVisible();
    // The one shown was deleted: back to all posts.
    await expect(page).toHaveURL(/\/views\/data$/);
    expect((await api.get(`/savedsearches/${ids[0]}`, { token: member.token })).status).toBe(404);
    expect((await api.get(`/savedsearches/${ids[1]}`, { token: member.token })).status).toBe(404);
    expect((await api.get(`/savedsearches/${ids[2]}`, { token: member.token })).status).toBe(200);
  });

  test('a collection renamed or deleted by someone else changes in an open header at once', async ({ page, api }) => {
    const viewer = await openAs(page, api, 'user', '/views/data');
    const owner = await createUser(api);
    const name = unique('Shared ');
    const created = await api.post('/collections', { name, view: 'data' }, { token: owner.token });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    await page.goto(`/collections/${id}/data`);
    const header = page.locator('.set-header');
    await expect(header.getByRole('heading', { name })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const renamed = unique('Renamed ');
    expect((await api.put(`/collections/${id}`, { name: renamed }, { token: owner.token })).status).toBe(200);
    await expect(header.getByRole('heading', { name: renamed })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    expect((await api.del(`/collections/${id}`, { token: owner.token })).status).toBe(200);
    await expect(page.getByText('This collection was deleted, or you may no longer see it. Showing all posts.')).toBeVisible();
    await expect(page).toHaveURL(/\/views\/data$/);
    expect(viewer.id).not.toBe(owner.id);
  });
});

/** The token the page's session holds (the user openAs created). */
async function adminTokenOf(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('platform.session') ?? '{}') as { accessToken: string }).accessToken);
}
