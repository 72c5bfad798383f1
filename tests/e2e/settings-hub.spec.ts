import { adminToken, expect, shot, test, unique } from './support';
import { expectNoHorizontalScroll, logInAs, seriousViolations } from './settings-admin';

test.describe('settings hub', () => {
  test('an admin sees every area as a link; the plan card follows the plan view', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveTitle(/^Settings/);
    const cards = page.locator('.card-list > li');
    await expect(cards).toHaveText([
      /^General/,
      /^Surveys/,
      /^Data sources(?!.*Not available yet)/,
      /^Import(?!.*Not available yet)/,
      /^User settings(?!.*Not available yet)/,
      /^Export and tag data/,
      /^Users/,
      /^Roles/,
      /^Categories/,
      /^Webhooks/,
    ]);
    // Every area is built: each card is a link.
    for (const name of [
      'General',
      'Surveys',
      'Data sources',
      'Import',
      'User settings',
      'Export and tag data',
      'Users',
      'Roles',
      'Categories',
      'Webhooks',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // The default features config keeps the plan view off.
    await expect(page.getByText(/Current plan:/)).toHaveCount(0);
    await shot(page, 'settings-hub');

    await page.getByRole('link', { name: /^Users/ }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a user manager sees only their areas, and the screens they may not open send them to /', async ({ page, api }) => {
    const token = await adminToken(api);
    const role = unique('umgr');
    const created = await api.post(
      '/roles',
      { name: role, display_name: `User managers ${role}`, permissions: ['Manage Users'] },
      { token },
    );
    expect(created.status, created.text).toBe(200);
    await logInAs(page, api, role, '/settings');
    await expect(page.locator('.card-list > li')).toHaveText([/^User settings(?!.*Not available yet)/, /^Users/]);
    await page.goto('/settings/general');
    await expect(page).toHaveURL(/\/views\/map$/);
    await page.goto('/settings/roles');
    await expect(page).toHaveURL(/\/views\/map$/);
    await page.goto('/settings/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('a member without a settings permission is sent from /settings to /', async ({ page, api }) => {
    await logInAs(page, api, 'user', '/settings');
    await expect(page).toHaveURL(/\/views\/map$/);
    await page.goto('/settings/plan');
    await expect(page).toHaveURL(/\/views\/map$/);
  });

  test('works at 360 px wide', async ({ page, api }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, api, 'admin', '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'settings-hub-phone');
  });
});
