import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support';
import { logInAs, seriousViolations } from './settings-admin';

const SHOTS = path.join('tests', 'e2e', 'screenshots');

test.describe('humanitarian data exchange settings', () => {
  test('saves the exchange user id and API key, shows the key only masked, in English and Arabic', async ({ page, api }) => {
    const user = await logInAs(page, api, 'admin', '/settings/user-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Humanitarian data exchange account' })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A user id is required')).toBeVisible();
    await expect(page.getByText('A valid key is required')).toBeVisible();

    await page.getByLabel('Exchange user id').fill('relief-maintainer');
    await page.getByLabel('Exchange API key').fill('e2e-secret-key-4321');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByText('A key is saved (***************4321). Leave this empty to keep it.')).toBeVisible();
    await expect(page.getByLabel('Exchange API key')).toHaveValue('');

    // Saved per user: read back as this user, the key masked.
    await page.reload();
    await expect(page.getByLabel('Exchange user id')).toHaveValue('relief-maintainer');
    expect(await page.content()).not.toContain('e2e-secret-key-4321');
    const stored = await api.get(`/users/${user.id}/settings`, { token: user.token });
    expect(JSON.stringify(stored.body)).not.toContain('e2e-secret-key-4321');
    expect(await seriousViolations(page)).toEqual([]);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-user-settings-en.png'), fullPage: true });

    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'حساب منصة تبادل البيانات الإنسانية' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-user-settings-ar.png'), fullPage: true });
  });
});
