import type { Page } from '@playwright/test';
import { adminToken, createUser, expect, shot, test, unique } from './support';
import { expectNoHorizontalScroll, logInAs, seriousViolations } from './settings-admin';

/** Narrows the shared users list to this test's people. */
async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or email').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

const row = (page: Page, name: string) => page.locator('.entity-row', { hasText: name });

test.describe('users settings', () => {
  test('creates a user with the spec validation, then edits it', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/settings/users');
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page).toHaveURL(/\/settings\/users\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add user' })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Password').fill('short');
    await expect(page.getByText('This password is too short')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-address');
    await expect(page.getByText('This email address is invalid')).toBeVisible();
    await shot(page, 'settings-user-create-invalid');

    const name = unique('Grace ');
    const email = `${unique('grace')}@example.org`;
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('cobol 1959');
    await page.getByLabel('Role').selectOption({ label: 'Member' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been saved`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/users$/);

    await search(page, name);
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    await expect(row(page, name)).toContainText(email);
    await expect(row(page, name)).toContainText('Member');

    await row(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue(name);
    await page.getByLabel('Full name').fill(`${name} Hopper`);
    await page.getByLabel('Role').selectOption({ label: 'Admin' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} Hopper has been saved`)).toBeVisible();
    await search(page, name);
    await expect(row(page, `${name} Hopper`)).toContainText('Admin');

    // The edit kept the password: the user still logs in with it.
    const token = await api.post('/oauth/token', {
      grant_type: 'password',
      client_id: 'ushahidiui',
      client_secret: '35e7f0bca957836d05ca0492211b0ac707671261',
      username: email,
      password: 'cobol 1959',
      scope: '*',
    });
    expect(token.status).toBe(200);
  });

  test('pages of 10 ordered by name, at most 5 page links, role filter and total', async ({ page, api }) => {
    const tag = unique('pg');
    for (let i = 0; i < 12; i++) await createUser(api, { realname: `${tag} ${String.fromCharCode(108 - i)}`, agreeTos: false });
    await logInAs(page, api, 'admin', '/settings/users');
    await search(page, tag);
    await expect(page.getByText('12 users', { exact: true })).toBeVisible();
    await expect(page.locator('.entity-row')).toHaveCount(10);
    // Ordered by realname: a, b, ... (they were created in the reverse order).
    await expect(page.locator('.entity-row .entity-title').first()).toHaveText(`${tag} a`);
    const pager = page.getByRole('navigation', { name: 'Pages of users' });
    await expect(pager.getByRole('link', { name: /^Page / })).toHaveCount(2);
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.entity-row')).toHaveCount(2);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Admin' });
    await expect(page.getByText('0 users', { exact: true })).toBeVisible();
    await expect(page.getByText('No users match.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('bulk role change and bulk delete, with a confirmation', async ({ page, api }) => {
    const tag = unique('bulk');
    const people = [await createUser(api, { realname: `${tag} one` }), await createUser(api, { realname: `${tag} two` })];
    await createUser(api, { realname: `${tag} three` });
    await logInAs(page, api, 'admin', '/settings/users');
    await search(page, tag);
    await expect(page.locator('.entity-row')).toHaveCount(3);

    for (const person of people) await page.getByLabel(`Select ${person.realname}`).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('New role for the selected users').selectOption({ label: 'Admin' });
    await page.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('The role of 2 users is now Admin')).toBeVisible();
    await expect(row(page, `${tag} one`)).toContainText('Admin');
    await expect(row(page, `${tag} two`)).toContainText('Admin');
    await expect(row(page, `${tag} three`)).toContainText('Member');
    await shot(page, 'settings-users-list');

    await page.getByLabel('Select all on this page').check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByLabel(`Select ${tag} three`).uncheck();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('Delete 2 users? This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.entity-row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 users deleted')).toBeVisible();
    await expect(page.locator('.entity-row')).toHaveCount(1);
    await expect(row(page, `${tag} three`)).toBeVisible();
    const token = await adminToken(api);
    for (const person of people) expect((await api.get(`/users/${person.id}`, { token })).status).toBe(404);
  });

  test('never yourself: bulk delete and role change are refused before any call, and your own role is locked', async ({ page, api }) => {
    const me = await logInAs(page, api, 'admin', '/settings/users');
    await search(page, me.realname);
    // The search's answer empties the selection: tick once it has come.
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    await page.getByLabel(`Select ${me.realname}`).check();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v3\/users\/\d+/.test(request.url()) && request.method() !== 'GET') calls.push(request.method());
    });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('You cannot delete yourself')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByLabel('New role for the selected users').selectOption({ label: 'Member' });
    await page.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('You cannot change your own role')).toBeVisible();
    expect(calls).toEqual([]);
    await shot(page, 'settings-users-refusal');

    await page.getByRole('link', { name: me.realname }).click();
    const role = page.getByLabel('Role');
    await expect(role).toHaveAttribute('readonly', '');
    await expect(role).toHaveValue('Admin');
    await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
    // Still an admin afterwards.
    expect((await api.get(`/users/${me.id}`, { token: await adminToken(api) })).body.role).toBe('admin');
  });

  test('works at 360 px wide and passes the accessibility scan', async ({ page, api }) => {
    // A long role name without spaces must not push the rows wider than the screen.
    const role = unique('longrolenamewithoutspaces');
    expect((await api.post('/roles', { name: role, display_name: `Reviewers ${role}` }, { token: await adminToken(api) })).status).toBe(
      200,
    );
    const holder = await createUser(api, { role, realname: unique('Reviewer ') });
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, api, 'admin', '/settings/users');
    await expect(page.locator('.entity-row').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await search(page, holder.realname);
    await expect(row(page, holder.realname)).toContainText(`Reviewers ${role}`);
    await expectNoHorizontalScroll(page);
    await shot(page, 'settings-users-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/settings/users/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Add user' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
