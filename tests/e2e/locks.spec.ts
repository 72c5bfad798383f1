import type { Browser, Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { blockTiles, plainSurvey, postViaApi } from './posts-support';
import { createRole, openAs } from './settings-session';
import { expect, shot, test, unique, type TestUser } from './support';

const MANAGE = ['Manage Posts'];

async function pageAs(
  browser: Browser,
  api: ApiClient,
  role: string,
  path: string,
  permissions: string[],
): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await blockTiles(page);
  const user = await openAs(page, api, role, path, permissions);
  return { page, user };
}

const editLink = (page: Page) => page.locator('.post-detail').getByRole('link', { name: 'Edit' });

async function openMenu(page: Page, title: string): Promise<void> {
  await page
    .locator('.post-detail')
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
}

test.describe('post edit locks, live across browsers', () => {
  test('A edits and B sees the lock at once; A leaves and B edits without reloading; an administrator unlocks and B is told', async ({
    browser,
    api,
  }) => {
    const role = await createRole(api, MANAGE);
    const survey = await plainSurvey(api);
    const title = unique('Locked ');
    const post = await postViaApi(api, survey.id, title);

    // A opens the editor and so holds the lock.
    const a = await pageAs(browser, api, role.name, `/posts/${post.id}/edit`, MANAGE);
    await expect(a.page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

    // B sees who is working on it, and no Edit action.
    const b = await pageAs(browser, api, role.name, `/posts/${post.id}`, MANAGE);
    const lockB = b.page.locator('.post-detail .post-lock-message');
    await expect(lockB).toContainText(`${a.user.realname} is working on this post right now.`);
    await expect(lockB.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
    await openMenu(b.page, title);
    await expect(editLink(b.page)).toHaveCount(0);
    await shot(b.page, 'locks-viewer-sees-lock');

    // Going to the edit address anyway is refused with the holder's name, back on the post.
    await b.page.goto(`/posts/${post.id}/edit`);
    await expect(b.page.getByText(`The post is locked because ${a.user.realname} is working on it right now.`)).toBeVisible();
    await expect(b.page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await b.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // A leaves the editor: the lock goes, and B can edit straight away.
    await a.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(a.page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(lockB).toHaveCount(0);
    await openMenu(b.page, title);
    await editLink(b.page).click();
    await expect(b.page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

    // Now A, on the detail, sees B's lock appear without reloading.
    await expect(a.page.locator('.post-detail .post-lock-message')).toContainText(`${b.user.realname} is working on this post right now.`);

    // An administrator breaks B's lock; B is told at once and loses the editor.
    const admin = await pageAs(browser, api, 'admin', `/posts/${post.id}`, []);
    const lockAdmin = admin.page.locator('.post-detail .post-lock-message');
    await expect(lockAdmin).toContainText(b.user.realname);
    await shot(admin.page, 'locks-admin-unlock');
    await lockAdmin.getByRole('button', { name: 'Unlock' }).click();
    await expect(admin.page.getByText('The post has been unlocked.')).toBeVisible();
    const told = b.page.getByRole('dialog', { name: 'Post unlocked' });
    await expect(told).toContainText('Your Post has been unlocked. Your current unsaved changes will be lost.');
    await shot(b.page, 'locks-editor-told-unlocked');
    await told.getByRole('button', { name: 'Back to the post' }).click();
    await expect(b.page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(b.page.locator('.post-detail .post-lock-message')).toHaveCount(0);
    await expect(a.page.locator('.post-detail .post-lock-message')).toHaveCount(0);
    expect(await b.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    for (const p of [a.page, b.page, admin.page]) await p.context().close();
  });
});
