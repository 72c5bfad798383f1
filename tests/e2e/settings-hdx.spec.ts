import fs from 'node:fs';
import path from 'node:path';
import { CKAN_KEY } from '../integration/helpers/fake-ckan';
import { apiPost } from './map-support';
import { changeConfigAnswer, expect, test, unique } from './support';
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

  test('describes an export for the exchange with the spec validation, organisations from the exchange and licenses, and uploads it', async ({
    page,
    api,
  }) => {
    const user = await logInAs(page, api, 'admin', '/settings/user-settings');
    expect(
      (await api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: CKAN_KEY }, { token: user.token })).status,
    ).toBe(200);
    const job = await api.post('/exports/jobs', { entity_type: 'post', send_to_browser: false, send_to_hdx: true }, { token: user.token });
    expect(job.status).toBe(200);
    await page.goto(`/settings/hdx-details?exportJob=${job.body.id as number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Humanitarian data exchange dataset' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toContainText('Relief Org');

    await page.getByRole('button', { name: 'Upload to the exchange' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    for (const message of ['A title is needed', 'Source is needed', 'An organisation is needed', 'A license is needed']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Private (only your organisation)')).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-details-en.png'), fullPage: true });

    await page.getByLabel('Dataset title').fill('Flood reports e2e');
    await page.getByRole('textbox', { name: 'Source' }).fill('Community reporters');
    await page.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: 'Relief Org' });
    await page.getByRole('combobox', { name: 'License' }).selectOption({ label: 'Creative Commons Attribution International (CC BY)' });
    await page.getByRole('button', { name: 'Upload to the exchange' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved. The export is uploaded' })).toBeVisible();
    // The local exchange accepted package_create and resource_create: the job says so.
    await expect
      .poll(async () => (await api.get(`/exports/jobs/${job.body.id as number}`, { token: user.token })).body.status, { timeout: 30_000 })
      .toBe('EXPORTED_TO_CDN');

    await page.goto(`/settings/hdx-details?exportJob=${job.body.id as number}`);
    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'الرفع إلى منصة التبادل' }).click();
    await expect(page.getByText('يُرجى ملء جميع الحقول المطلوبة')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-details-ar.png'), fullPage: true });
  });

  test('sends a tagged export to the exchange from the export screen, then asks for the dataset details', async ({ page, api }) => {
    const name = unique('Exchange survey ');
    const form = await apiPost(api, '/forms', { name, require_approval: false });
    const stage = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
    const district = await apiPost(api, `/forms/${form.id}/attributes`, {
      form_stage_id: stage.id,
      label: unique('District '),
      type: 'varchar',
      input: 'text',
      priority: 1,
    });
    const marker = unique('Exchanged ');
    await apiPost(api, '/posts', { form_id: form.id, title: marker, content: 'From the field', status: 'published' });

    const user = await logInAs(page, api, 'admin', `/settings/data-export?q=${encodeURIComponent(marker)}`);
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    await expect(page.getByLabel('Send the file to the humanitarian data exchange')).toHaveCount(0);
    await page.getByLabel('Add an HXL heading row (humanitarian exchange language tags)').check();
    await page.getByLabel(`HXL tag for ${district.label as string}`).fill('#adm2+name');
    await page.getByLabel('Send the file to the humanitarian data exchange').check();
    await page.getByRole('button', { name: 'Export', exact: true }).click();

    // No download: the file waits for the dataset's details, which the next screen takes.
    const describe = page.getByRole('link', { name: 'Describe the dataset for the exchange' });
    await expect(describe).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
    await describe.click();
    await expect(page).toHaveURL(/\/settings\/hdx-details\?exportJob=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Humanitarian data exchange dataset' })).toBeVisible();
    const id = Number(new URL(page.url()).searchParams.get('exportJob'));
    const job = await api.get(`/exports/jobs/${id}`, { token: user.token });
    expect(job.body).toMatchObject({ send_to_hdx: true, send_to_browser: false, include_hxl: true, status: 'PENDING_HDX' });
  });

  test('the exchange screens go to the map with the hxl feature off', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/views/map');
    await changeConfigAnswer(page, (group) => {
      if (group.id === 'features') group.hxl = { enabled: false };
    });
    await page.goto('/settings/hdx-details?exportJob=1');
    await expect(page).toHaveURL(/\/views\/map/);
    await page.goto('/settings/user-settings');
    await expect(page).toHaveURL(/\/views\/map/);
  });
});
