import { draftPosts, moderatorPage } from './bulk-support';
import { apiGet } from './posts-support';
import { createRole } from './settings-session';
import { expect, shot, test } from './support';

const statusOf = async (api: Parameters<typeof apiGet>[0], id: number) => (await apiGet(api, `/posts/${id}`)).status as string;

test.describe('keyboard moderation', () => {
  test('j / k move through the queue, x selects, p / a change statuses, Enter opens, e edits, ? lists the keys; typing in a field does nothing', async ({
    browser,
    api,
  }) => {
    const role = await createRole(api, ['Manage Posts', 'Delete Posts']);
    const { survey, posts } = await draftPosts(api, 3, 'Keys');
    const { page } = await moderatorPage(browser, api, role.name, `/views/data?form=${survey.id}`);
    // Newest first: the last created post is the first card.
    const [first, second, third] = [posts[2]!, posts[1]!, posts[0]!];
    const card = (id: number) => page.locator(`.post-card[data-post-id="${id}"]`);
    await expect(page.locator('.post-card')).toHaveCount(3);

    await page.keyboard.press('j');
    await expect(card(first.id)).toHaveClass(/post-card-active/);
    await expect(card(first.id).getByRole('link', { name: first.title })).toBeFocused();
    await page.keyboard.press('j');
    await expect(card(second.id)).toHaveClass(/post-card-active/);
    await expect(card(first.id)).not.toHaveClass(/post-card-active/);

    // x selects the card (select mode opens), p publishes what is selected.
    await page.keyboard.press('x');
    await expect(page.getByRole('checkbox', { name: `Select ${second.title}` })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Bulk actions' }).getByText('1 post selected')).toBeVisible();
    await shot(page, 'keyboard-selected');
    await page.keyboard.press('p');
    await expect(page.getByRole('region', { name: 'Bulk actions' }).getByRole('status')).toContainText('1 post changed status');
    await expect.poll(() => statusOf(api, second.id)).toBe('published');
    await expect(card(second.id).locator('.post-status')).toHaveText('Published');

    // k goes back; Enter opens; a archives the open post; e edits it.
    await page.keyboard.press('j');
    await expect(card(third.id)).toHaveClass(/post-card-active/);
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect(card(first.id)).toHaveClass(/post-card-active/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/posts/${first.id}\\?form=${survey.id}$`));
    await expect(page.locator('.post-detail').getByRole('heading', { name: first.title })).toBeVisible();
    await page.keyboard.press('e');
    await expect(page).toHaveURL(new RegExp(`/posts/${first.id}/edit`));
    // In the editor the keys are the form's: p types into the title, nothing is published.
    const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
    await titleBox.press('End');
    await titleBox.press('p');
    await expect(titleBox).toHaveValue(`${first.title}p`);
    await titleBox.press('Backspace');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${first.id}\\?`));
    expect(await statusOf(api, first.id)).toBe('draft');
    await page.locator('.post-detail').getByRole('heading', { name: first.title }).click();
    await page.keyboard.press('a');
    await expect.poll(() => statusOf(api, first.id)).toBe('archived');

    // Typing in the search box never moves, selects or publishes.
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill('');
    await search.press('x');
    await search.press('p');
    await expect(search).toHaveValue('xp');
    expect(await statusOf(api, third.id)).toBe('draft');
    await search.fill('');

    // ? lists every key.
    await page.locator('.post-count').click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const text of ['Next post', 'Previous post', 'Open the post', 'Edit the post', 'Select or unselect the post']) {
      await expect(help.getByText(text)).toBeVisible();
    }
    await expect(help.locator('kbd')).toHaveText(['j', 'k', 'Enter', 'e', 'x', 'p', 'r', 'a', '?']);
    await shot(page, 'keyboard-help');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
  });
});
