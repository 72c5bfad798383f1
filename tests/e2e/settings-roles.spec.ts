import type { Page } from '@playwright/test';
import { adminToken, createUser, expect, shot, test, unique } from './support';
import { expectNoHorizontalScroll, logInAs, seriousViolations } from './settings-admin';

const roleRow = (page: Page, name: string) => page.locator('.entity-row', { has: page.getByRole('link', { name, exact: true }) });

test.describe('roles settings', () => {
  test('creates a role with permissions, edits it, and deletes it after a warning about its users', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/settings/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await page.getByRole('link', { name: 'Add role' }).click();
    await expect(page).toHaveURL(/\/settings\/roles\/create$/);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Display name is required')).toBeVisible();
    await page.getByLabel('Display name').fill('ab');
    await expect(page.getByText('Display name must be at least 3 characters long')).toBeVisible();
    await page.getByLabel('Description').fill('d'.repeat(151));
    await expect(page.getByText('Description is too long')).toBeVisible();

    const name = unique('Field editors ');
    await page.getByLabel('Display name').fill(name);
    await page.getByLabel('Description').fill('Edit posts in the field');
    await page.getByLabel('Manage Posts').check();
    await page.getByLabel('Manage Settings').check();
    await shot(page, 'settings-role-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The role ${name} has been saved`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/roles$/);
    await expect(roleRow(page, name)).toContainText('2 permissions');

    const token = await adminToken(api);
    const stored = (
      (await api.get('/roles', { token })).body.results as Array<{ id: number; name: string; display_name: string; permissions: string[] }>
    ).find((r) => r.display_name === name);
    expect(stored?.permissions.sort()).toEqual(['Manage Posts', 'Manage Settings']);
    expect(stored?.name).not.toContain(',');

    await roleRow(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit role' })).toBeVisible();
    await expect(page.getByLabel('Manage Posts')).toBeChecked();
    await page.getByLabel('Manage Settings').uncheck();
    await page.getByLabel('Manage Users').check();
    await page.getByLabel('Description').fill('Edit posts and people');
    await page.getByRole('button', { name: 'Save' }).click();
    // The notice of the first save may still be showing: the newest one is last.
    await expect(page.getByText(`The role ${name} has been saved`).last()).toBeVisible();
    await expect(roleRow(page, name)).toContainText('Edit posts and people');
    expect(((await api.get(`/roles/${stored?.id}`, { token })).body.permissions as string[]).sort()).toEqual([
      'Manage Posts',
      'Manage Users',
    ]);

    // A user holding the role, to show what deleting it means.
    const holder = await createUser(api, { role: stored?.name });
    await roleRow(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('Its users will get the default permissions.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`The role ${name} has been deleted`)).toBeVisible();
    await expect(roleRow(page, name)).toHaveCount(0);
    expect((await api.get(`/roles/${stored?.id}`, { token })).status).toBe(404);
    expect((await api.get(`/users/${holder.id}`, { token })).body.role ?? null).toBeNull();
  });

  test('protected roles are refused: the only admin role and the member role', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/settings/roles');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v3\/roles\/\d+/.test(request.url()) && request.method() === 'DELETE') calls.push(request.url());
    });
    await roleRow(page, 'Admin').getByRole('button', { name: 'Delete Admin' }).click();
    await expect(page.getByText('You can not delete the only admin role')).toBeVisible();
    await roleRow(page, 'Member').getByRole('button', { name: 'Delete Member' }).click();
    await expect(page.getByText('Member is a built-in role and can not be deleted')).toBeVisible();
    expect(calls).toEqual([]);
    await shot(page, 'settings-roles-list');

    // The admin role shows every permission checked and locked.
    await roleRow(page, 'Admin').getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByText('The admin role always has every permission.')).toBeVisible();
    const boxes = page.locator('.permission-list input[type="checkbox"]');
    await expect.poll(() => boxes.count()).toBeGreaterThanOrEqual(8);
    for (const box of await boxes.all()) {
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
    }
    await page.getByRole('button', { name: 'Delete role' }).click();
    await expect(page.getByText('You can not delete the only admin role').first()).toBeVisible();
    expect(calls).toEqual([]);
    await shot(page, 'settings-role-admin');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the roles screens are for admins only', async ({ page, api }) => {
    const token = await adminToken(api);
    const role = unique('settingsmgr');
    expect((await api.post('/roles', { name: role, display_name: role, permissions: ['Manage Settings'] }, { token })).status).toBe(200);
    await logInAs(page, api, role, '/settings/roles');
    await expect(page).toHaveURL(/\/views\/map$/);
  });

  test('works at 360 px wide and passes the accessibility scan', async ({ page, api }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, api, 'admin', '/settings/roles');
    await expect(roleRow(page, 'Member')).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'settings-roles-phone');
    await page.goto('/settings/roles/create');
    await expect(page.getByLabel('Manage Users')).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
