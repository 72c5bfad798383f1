import fs from 'node:fs';
import path from 'node:path';
import { CKAN_HOLD_KEY, CKAN_KEY } from '../integration/helpers/fake-ckan';
import { describeDataset, exchange, taggableSurvey } from './hdx-support';
import { changeConfigAnswer, expect, keepFirstLoginWizardAway, test } from './support';
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

    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'الرفع إلى منصة التبادل' }).click();
    await expect(page.getByText('يُرجى ملء جميع الحقول المطلوبة')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-details-ar.png'), fullPage: true });
    await page.locator('.language-picker select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await describeDataset(page, 'Flood reports e2e', 'Relief Org');
    // The local exchange accepted package_create and resource_create: the page hears it and links the dataset.
    await expect(page.getByText('Uploaded. The dataset is on the humanitarian data exchange.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the dataset' })).toHaveAttribute(
      'href',
      `${exchange.url()}/dataset/flood-reports-e2e-export-${job.body.id as number}`,
    );
    expect((await api.get(`/exports/jobs/${job.body.id as number}`, { token: user.token })).body.status).toBe('EXPORTED_TO_CDN');
  });

  test('tags survey fields with HXL tags and attributes from the exchange list, with the spec validation, and downloads the tagged file', async ({
    page,
    api,
  }) => {
    const survey = await taggableSurvey(api);
    await logInAs(page, api, 'admin', `/settings/data-export?${survey.filters}`);
    // Reached from the export screen, with the same filters.
    await page.getByRole('link', { name: 'Tag the fields with HXL hashtags and export' }).click();
    await expect(page).toHaveURL(/\/settings\/hdx\?.*form=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tag and export data with HXL' })).toBeVisible();
    const group = page.getByRole('group', { name: survey.name });
    // The filters name one survey: only its fields can be in the file, so only they are offered.
    await expect(group).toBeVisible();
    await expect(page.locator('fieldset.export-survey')).toHaveCount(1);
    const districtTag = group.getByRole('combobox', { name: `HXL tag for ${survey.district}` });
    const affectedTag = group.getByRole('combobox', { name: `HXL tag for ${survey.affected}` });
    // The tags offered are those of /hxl/tags that fit each field's type.
    await expect(districtTag.locator('option', { hasText: '#adm2' })).toHaveCount(1);
    await expect(districtTag.locator('option', { hasText: '#affected' })).toHaveCount(0);
    await expect(affectedTag.locator('option', { hasText: '#affected' })).toHaveCount(1);
    await expect(affectedTag.locator('option', { hasText: '#adm2' })).toHaveCount(0);

    const submit = page.getByRole('button', { name: 'Export with HXL tags' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Uh oh... you need to select some fields to export first.');
    await group.getByRole('checkbox', { name: survey.district }).check();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Add an HXL tag to at least one field.');

    await districtTag.selectOption({ label: '#adm2 – Second-level subnational administrative area' });
    // The refusal was about the choice before this change.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await group
      .getByRole('group', { name: `Attributes for ${survey.district}` })
      .getByLabel('+name')
      .check();
    // Choosing a tag chooses the field.
    await affectedTag.selectOption({ label: '#affected – Number of people or households affected' });
    await expect(group.getByRole('checkbox', { name: survey.affected })).toBeChecked();
    await group
      .getByRole('group', { name: `Attributes for ${survey.affected}` })
      .getByLabel('+f')
      .check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-tagging-en.png'), fullPage: true });

    await submit.click();
    await expect(page.getByText('Your export of 1 post is ready.')).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    const [labels, hxl, ...rows] = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(labels).toBe(
      `Post ID,Survey,Post Status,Created (UTC),Updated (UTC),Post Date (UTC),Title,Description,${survey.district},${survey.affected}`,
    );
    expect(hxl).toBe(',,,,,,,,#adm2+name,#affected+f');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(',Kisumu,42');

    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'وسم البيانات وتصديرها بلغة HXL' })).toBeVisible();
    await expect(group.getByRole('combobox', { name: `وسم HXL للحقل ${survey.district}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-tagging-ar.png'), fullPage: true });
  });

  test('sends a tagged export to the exchange and follows its upload live; a page opened mid-upload catches up; the dataset link ends it', async ({
    page,
    api,
  }) => {
    const survey = await taggableSurvey(api);
    const user = await logInAs(page, api, 'admin', '/settings/user-settings');
    expect(
      (await api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: CKAN_HOLD_KEY }, { token: user.token })).status,
    ).toBe(200);
    await page.goto(`/settings/hdx?${survey.filters}`);
    const group = page.getByRole('group', { name: survey.name });
    await group
      .getByRole('combobox', { name: `HXL tag for ${survey.district}` })
      .selectOption({ label: '#adm1 – Top-level subnational administrative area' });
    await page.getByLabel('Send it to the humanitarian data exchange').check();
    await page.getByRole('button', { name: 'Export with HXL tags' }).click();

    // The dataset details are asked while the file is written; the page hears when it is ready.
    await expect(page).toHaveURL(/\/settings\/hdx-details\?exportJob=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('exportJob'));
    await expect(page.getByText('The export file is ready: 1 post.')).toBeVisible();
    // From here the page reads the job no more: pushed events carry the upload.
    const jobReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/v3/exports/jobs/${id}`) jobReads.push(request.url());
    });
    await describeDataset(page, 'Live upload e2e', 'Relief Org');

    // Held by the local exchange in resource_create: the page shows the file going up.
    await expect(page.getByText('Uploading to the humanitarian data exchange…')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Uploading the file to the dataset' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect.poll(exchange.held).toBeGreaterThan(0);

    // Opened mid-upload: it starts where the upload is, from one read.
    const second = await page.context().newPage();
    await keepFirstLoginWizardAway(second);
    await second.goto(`/settings/hdx-details?exportJob=${id}`);
    await expect(second.getByRole('listitem').filter({ hasText: 'Uploading the file to the dataset' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(second.getByRole('button', { name: 'Upload to the exchange' })).toHaveCount(0);
    expect(await seriousViolations(second)).toEqual([]);
    await second.screenshot({ path: path.join(SHOTS, 'settings-hdx-uploading-en.png'), fullPage: true });

    await exchange.release();
    const datasetUrl = `${exchange.url()}/dataset/live-upload-e2e-export-${id}`;
    for (const each of [page, second]) {
      await expect(each.getByText('Uploaded. The dataset is on the humanitarian data exchange.')).toBeVisible();
      await expect(each.getByRole('link', { name: 'Open the dataset' })).toHaveAttribute('href', datasetUrl);
    }
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-uploaded-en.png'), fullPage: true });
    // Followed through pushed events: the page never read the job again after the upload was asked for.
    expect(jobReads).toEqual([]);

    await second.locator('.language-picker select').selectOption('ar');
    await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(second.getByText('اكتمل الرفع. مجموعة البيانات موجودة الآن على منصة تبادل البيانات الإنسانية.')).toBeVisible();
    await expect(second.getByRole('link', { name: 'فتح مجموعة البيانات' })).toHaveAttribute('href', datasetUrl);
    expect(await seriousViolations(second)).toEqual([]);
    await second.screenshot({ path: path.join(SHOTS, 'settings-hdx-uploaded-ar.png'), fullPage: true });
  });

  test('shows a failed upload with the reason the exchange gave', async ({ page, api }) => {
    const user = await logInAs(page, api, 'admin', '/settings/user-settings');
    expect(
      (await api.post('/users/me/settings', { config_key: 'hdx_api_key', config_value: CKAN_HOLD_KEY }, { token: user.token })).status,
    ).toBe(200);
    const job = await api.post('/exports/jobs', { entity_type: 'post', send_to_browser: false, send_to_hdx: true }, { token: user.token });
    expect(job.status).toBe(200);
    await page.goto(`/settings/hdx-details?exportJob=${job.body.id as number}`);
    await describeDataset(page, 'Refused upload e2e', 'Refusing Org');

    const failure = page.getByRole('alert');
    await expect(failure).toContainText(
      'Uh oh... Something went wrong when uploading your data, please check the required fields and your api-key and try again.',
    );
    await expect(failure).toContainText(
      'The exchange answered: package_create: Authorization Error (User not authorized to add dataset to this organization)',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-failed-en.png'), fullPage: true });

    // Opened again after the end: the reason is read back.
    await page.reload();
    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('alert')).toContainText('ردّت منصة التبادل: package_create: Authorization Error');
    await page.screenshot({ path: path.join(SHOTS, 'settings-hdx-failed-ar.png'), fullPage: true });
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
    await page.goto('/settings/hdx');
    await expect(page).toHaveURL(/\/views\/map/);
  });
});
