import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { createRole, expectAccessible, expectNoOverflow, fullShot, openAs } from './settings-session';
import { adminToken, expect, test, unique } from './support';

type Json = Record<string, any>;

async function tagNamed(api: ApiClient, name: string): Promise<Json | undefined> {
  const res = await api.get(`/tags?q=${encodeURIComponent(name)}`, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return (res.body.results as Json[]).find((t) => t.tag === name);
}

const list = (page: Page) => page.getByRole('list', { name: 'Categories' });

test.describe('categories', () => {
  test('a category tree: a role-restricted parent whose child follows its role, shown indented, then bulk deleted', async ({
    page,
    api,
  }) => {
    const role = await createRole(api);
    const parentName = unique('Water ');
    const childName = unique('Wells ');
    await openAs(page, api, 'admin', '/settings/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

    // The parent, seen only by one role.
    await page.getByRole('link', { name: 'New category' }).click();
    await expect(page).toHaveURL(/\/settings\/categories\/create$/);
    await page.getByLabel('Name').fill('W');
    await expect(page.getByText('The name is too short (at least 2 characters)')).toBeVisible();
    await page.getByLabel('Name').fill(parentName);
    await page.getByLabel('Description').fill('Everything about water');
    await page.getByLabel('Colour').fill('#1d5a86');
    await page.getByRole('radio', { name: 'Only people with these roles' }).check();
    await page.getByRole('checkbox', { name: role.display_name }).check();
    await fullShot(page, 'category-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/settings\/categories$/);
    await expect(page.getByRole('status').filter({ hasText: `Category ${parentName} saved` })).toBeVisible();

    // The child: its role is the parent's, read only.
    await page.getByRole('link', { name: 'New category' }).click();
    await page.getByLabel('Name').fill(childName);
    await page.getByLabel('Parent category').selectOption({ label: parentName });
    await expect(page.getByRole('radio', { name: 'Everyone' })).toHaveCount(0);
    await expect(page.getByText(role.display_name, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`A child category is seen by the same people as its parent, ${parentName}.`, { exact: false }),
    ).toBeVisible();
    await fullShot(page, 'category-editor-child');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Category ${childName} saved` })).toBeVisible();

    const parent = (await tagNamed(api, parentName))!;
    const child = (await tagNamed(api, childName))!;
    expect(parent).toMatchObject({ role: [role.name], color: '#1d5a86', description: 'Everything about water', parent: null });
    expect(child).toMatchObject({ role: [role.name], parent: { id: parent.id } });

    // The child is listed under its parent, indented.
    const children = list(page).getByRole('list', { name: `Child categories of ${parentName}` });
    await expect(children.getByRole('link', { name: childName })).toBeVisible();
    const [parentBox, childBox] = await Promise.all([
      list(page).getByRole('link', { name: parentName }).boundingBox(),
      children.getByRole('link', { name: childName }).boundingBox(),
    ]);
    expect(childBox!.x).toBeGreaterThan(parentBox!.x);
    await expect(list(page).getByText(`Visible to: ${role.display_name}`).first()).toBeVisible();
    await fullShot(page, 'categories-list');

    // Opening the child shows its saved parent; Cancel goes back to the list.
    await children.getByRole('link', { name: childName }).click();
    await expect(page.getByLabel('Parent category')).toHaveValue(String(parent.id));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/settings\/categories$/);

    // Bulk delete, after a confirmation.
    const deleteButton = page.getByRole('button', { name: /^Delete \d+ categor/ });
    await expect(deleteButton).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${parentName}` }).check();
    await page.getByRole('checkbox', { name: `Select ${childName}` }).check();
    await expect(page.getByRole('button', { name: 'Delete 2 categories' })).toBeEnabled();
    await page.getByRole('button', { name: 'Delete 2 categories' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm.getByText('Delete 2 categories?', { exact: false })).toBeVisible();
    await fullShot(page, 'categories-bulk-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 categories deleted' })).toBeVisible();
    await expect(page.getByRole('link', { name: parentName })).toHaveCount(0);
    await expect(page.getByRole('link', { name: childName })).toHaveCount(0);
    for (const id of [parent.id, child.id]) expect((await api.get(`/tags/${id}`, { token: await adminToken(api) })).status).toBe(404);
  });

  test('a category moved under a restricted parent takes its role', async ({ page, api }) => {
    const role = await createRole(api);
    const token = await adminToken(api);
    const parent = (await api.post('/tags', { tag: unique('Aid '), role: [role.name] }, { token })).body as Json;
    const loose = (await api.post('/tags', { tag: unique('Food ') }, { token })).body as Json;
    await openAs(page, api, 'admin', `/settings/categories/${loose.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit category' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Everyone' })).toBeChecked();
    await page.getByLabel('Parent category').selectOption({ label: parent.tag });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/settings\/categories$/);
    expect(await tagNamed(api, loose.tag)).toMatchObject({ role: [role.name], parent: { id: parent.id } });
  });

  test('works at phone width', async ({ page, api }) => {
    const token = await adminToken(api);
    const parent = (await api.post('/tags', { tag: unique('Shelter '), description: 'Places to stay' }, { token })).body as Json;
    await api.post('/tags', { tag: unique('Tents '), parent_id: parent.id }, { token });
    await page.setViewportSize({ width: 360, height: 740 });
    await openAs(page, api, 'admin', '/settings/categories');
    await expect(page.getByRole('link', { name: parent.tag })).toBeVisible();
    await expectNoOverflow(page);
    await fullShot(page, 'categories-list-phone');
    await expectAccessible(page);
    await page.getByRole('link', { name: parent.tag }).click();
    await expect(page.getByLabel('Name')).toHaveValue(parent.tag);
    // A category with children stays at the top level.
    await expect(page.getByLabel('Parent category')).toBeDisabled();
    await expectNoOverflow(page);
    await fullShot(page, 'category-editor-phone');
    await expectAccessible(page);
  });

  test('without Manage Settings the category screens send the user to /', async ({ page, api }) => {
    const role = await createRole(api, ['Manage Users']);
    await openAs(page, api, role.name, '/settings/categories', ['Manage Users']);
    await expect(page).toHaveURL(/\/views\/map$/);
  });
});
