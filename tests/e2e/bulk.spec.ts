import type { Page } from '@playwright/test';
import { draftPosts, moderatorPage, MODERATE } from './bulk-support';
import { apiGet, blockTiles } from './posts-support';
import { createRole, expectAccessible, expectNoOverflow, openAs } from './settings-session';
import { adminToken, createUser, expect, shot, test, unique } from './support';

const cards = (page: Page) => page.locator('.post-card');
const bulkBar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

test.describe('bulk actions in the data view', () => {
  test('publishing 30 posts in one go skips and names the one another moderator is editing; a second moderator sees the 29 change live', async ({
    browser,
    api,
  }) => {
    const role = await createRole(api, MODERATE);
    const { survey, posts } = await draftPosts(api, 30, 'Queue');
    const locked = posts[4]!;
    // A third moderator is editing one of them.
    const editor = await createUser(api, { role: role.name, realname: unique('Editor ') });
    expect((await api.put(`/posts/${locked.id}/lock`, {}, { token: editor.token })).status).toBe(200);

    const a = await moderatorPage(browser, api, role.name, `/views/data?form=${survey.id}`);
    const b = await moderatorPage(browser, api, role.name, `/views/data?form=${survey.id}&status=draft`);
    await a.page.getByLabel('Posts per page').selectOption('50');
    await b.page.getByLabel('Posts per page').selectOption('50');
    await expect(cards(a.page)).toHaveCount(30);
    await expect(cards(b.page)).toHaveCount(30);

    await a.page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = bulkBar(a.page);
    // Nothing selected: no action is offered yet.
    await expect(bar.getByRole('button', { name: 'Mark as published' })).toHaveCount(0);
    await bar.getByLabel('Select all on this page').check();
    await expect(bar.getByText('30 posts selected')).toBeVisible();
    await expect(a.page.getByRole('checkbox', { name: `Select ${locked.title}` })).toBeChecked();
    await shot(a.page, 'bulk-selected');
    await bar.getByRole('button', { name: 'Mark as published' }).click();

    const outcome = bar.getByRole('status');
    await expect(outcome).toContainText('29 posts changed status');
    await expect(outcome).toContainText('1 post was skipped:');
    await expect(outcome.getByRole('listitem')).toHaveText([`${locked.title}: locked by ${editor.realname}`]);
    await shot(a.page, 'bulk-published-skipped');

    // The other moderator's list of posts under review keeps only the locked one, without reloading.
    await expect(cards(b.page)).toHaveCount(1);
    await expect(cards(b.page).first()).toHaveAttribute('data-post-id', String(locked.id));
    await shot(b.page, 'bulk-other-moderator-live');

    const statuses = await Promise.all(posts.map(async (p) => (await apiGet(api, `/posts/${p.id}`)).status as string));
    expect(statuses.filter((s) => s === 'published')).toHaveLength(29);
    expect(statuses[4]).toBe('draft');
  });

  test('adds the selected posts to a collection and deletes others after a confirmation', async ({ browser, api }) => {
    const role = await createRole(api, MODERATE);
    const { survey, posts } = await draftPosts(api, 5, 'Pick');
    const a = await moderatorPage(browser, api, role.name, `/views/data?form=${survey.id}`);
    const collection = await api.post('/collections', { name: unique('Bulk collection ') }, { token: a.user.token });
    expect(collection.status).toBe(200);
    await expect(cards(a.page)).toHaveCount(5);

    await a.page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const post of posts.slice(0, 3)) await a.page.getByRole('checkbox', { name: `Select ${post.title}` }).check();
    const bar = bulkBar(a.page);
    await expect(bar.getByText('3 posts selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Add to collection' }).click();
    const picker = a.page.getByRole('dialog', { name: 'Add 3 posts to a collection' });
    await picker.getByRole('radio', { name: collection.body.name }).check();
    await shot(a.page, 'bulk-collection-picker');
    await picker.getByRole('button', { name: 'Add' }).click();
    await expect(bar.getByRole('status')).toContainText('3 posts added to the collection');
    const members = await api.get(`/collections/${collection.body.id}/posts?status=all`, { token: await adminToken(api) });
    expect((members.body.results as Array<{ id: number }>).map((p) => p.id).sort()).toEqual(
      posts
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );

    // Delete asks first; cancelling keeps everything.
    await bar.getByLabel('Select all on this page').uncheck();
    for (const post of posts.slice(3)) await a.page.getByRole('checkbox', { name: `Select ${post.title}` }).check();
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    let confirm = a.page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete these 2 posts?' });
    await expect(confirm).toBeVisible();
    await shot(a.page, 'bulk-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards(a.page)).toHaveCount(5);
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    confirm = a.page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete these 2 posts?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(bar.getByRole('status')).toContainText('2 posts deleted');
    await expect(cards(a.page)).toHaveCount(3);
    for (const post of posts.slice(3)) {
      expect((await api.get(`/posts/${post.id}`, { token: await adminToken(api) })).status).toBe(404);
    }
  });

  test('offers only the actions the moderator may take', async ({ browser, api }) => {
    // Manage Posts without Delete Posts: statuses and collections, no delete.
    const role = await createRole(api, ['Manage Posts']);
    const { survey } = await draftPosts(api, 2, 'Offer');
    const context = await browser.newContext();
    const page = await context.newPage();
    await blockTiles(page);
    await openAs(page, api, role.name, `/views/data?form=${survey.id}`, ['Manage Posts']);
    await expect(cards(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = bulkBar(page);
    await bar.getByLabel('Select all on this page').check();
    await expect(bar.getByRole('button', { name: 'Mark as published' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Mark as archived' })).toBeVisible();
    // They are all under review already.
    await expect(bar.getByRole('button', { name: 'Mark as under review' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
  });
});

test('the select mode on a phone in Arabic: the bar, the checkboxes and the keys fit and are accessible', async ({ browser, api }) => {
  const role = await createRole(api, MODERATE);
  const { survey, posts } = await draftPosts(api, 3, 'Phone');
  const { page } = await moderatorPage(browser, api, role.name, `/views/data?form=${survey.id}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.language-picker select').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.post-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'تحديد', exact: true }).click();
  await page.getByRole('checkbox', { name: `تحديد ${posts[0]!.title}` }).check();
  const bar = page.getByRole('region', { name: 'إجراءات جماعية' });
  await expect(bar.getByText('تم تحديد منشور واحد')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'وضع علامة منشور' })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page);
  await shot(page, 'bulk-phone-ar');
  await page.getByRole('button', { name: 'مشاركة', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'مشاركة' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'share-phone-ar');
});
