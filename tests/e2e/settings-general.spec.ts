import { adminToken, expect, shot, test, unique } from './support';
import { logInAs, seriousViolations, solidPng } from './settings-admin';

const IMAGE_MESSAGE =
  'Your image is too large (maximum size is 1MB) or has the wrong format (allowed formats are gif, png, jpg and jpeg), please check and try again!';

test.describe('general settings', { tag: '@deployment' }, () => {
  test('saves the deployment and map settings, and they survive a reload', async ({ page, api }) => {
    const token = await adminToken(api);
    const before = { site: (await api.get('/config/site', { token })).body, map: (await api.get('/config/map', { token })).body };
    const name = unique('Flood watch ');
    try {
      await logInAs(page, api, 'admin', '/settings/general');
      await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      // The site language is edited here, so the header's picker waits.
      await expect(page.getByRole('banner').getByLabel('Language')).toBeDisabled();

      const nameField = page.getByLabel('Deployment name');
      await nameField.fill('x');
      await nameField.fill('');
      await expect(page.getByText('Site name is required')).toBeVisible();
      await nameField.fill(name);
      await page.getByLabel('Description').fill('Reports of rising water, street by street.');
      await page.getByLabel('Contact email').fill('team@');
      await expect(page.getByText('This email address is invalid')).toBeVisible();
      await page.getByLabel('Contact email').fill('team@example.org');

      await page.getByLabel('Latitude').fill('91');
      await expect(page.getByText('Latitude must be between -90 and 90')).toBeVisible();
      // Save checks first: nothing is sent, and the first invalid field takes the focus.
      await save.click();
      await expect(page.getByLabel('Latitude')).toBeFocused();
      await expect(page.getByText('Your settings have been saved')).toHaveCount(0);
      await page.getByLabel('Latitude').fill('12.5');
      await page.getByLabel('Longitude').fill('45.25');
      await page.getByLabel('Zoom level').fill('19');
      await expect(page.getByText('Zoom must be a whole number between 0 and 18')).toBeVisible();
      await page.getByLabel('Zoom level').fill('6');
      await page.getByLabel('Satellite').check();
      await page.getByLabel('Location precision').fill('3');
      await expect(page.getByText('Locations are shown to within about 1 km')).toBeVisible();

      const logo = page.getByLabel('Deployment logo');
      await logo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1048577) });
      await expect(page.getByText(IMAGE_MESSAGE)).toBeVisible();
      await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, [29, 90, 134]) });
      await expect(page.getByText(IMAGE_MESSAGE)).toHaveCount(0);
      await shot(page, 'settings-general-edit');

      await save.click();
      await expect(page.getByText('Your settings have been saved')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();

      await page.reload();
      await expect(nameField).toHaveValue(name);
      await expect(page.getByLabel('Description')).toHaveValue('Reports of rising water, street by street.');
      await expect(page.getByLabel('Contact email')).toHaveValue('team@example.org');
      await expect(page.getByLabel('Latitude')).toHaveValue('12.5');
      await expect(page.getByLabel('Longitude')).toHaveValue('45.25');
      await expect(page.getByLabel('Zoom level')).toHaveValue('6');
      await expect(page.getByLabel('Satellite')).toBeChecked();
      await expect(page.getByLabel('Location precision')).toHaveValue('3');
      const preview = page.getByRole('img', { name: 'Preview of the chosen image' });
      await expect(preview).toHaveAttribute('src', /\/media\/files\//);
      const stored = (await api.get('/config/site', { token })).body;
      expect(stored.image_header).toMatch(/^https?:\/\/.+\/media\/files\//);
      expect((await api.get('/config/map', { token })).body.default_view).toMatchObject({
        lat: 12.5,
        lon: 45.25,
        zoom: 6,
        baselayer: 'satellite',
      });
      await shot(page, 'settings-general-saved');

      // Removing the logo clears image_header.
      await page.getByRole('button', { name: 'Remove the image' }).click();
      await save.click();
      await expect(page.getByText('Your settings have been saved')).toBeVisible();
      await expect.poll(async () => (await api.get('/config/site', { token })).body.image_header).toBeNull();

      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      const { name: oldName, description, email, image_header } = before.site;
      await api.put('/config/site', { name: oldName, description, email, image_header: image_header ?? null }, { token });
      await api.put('/config/map', { default_view: before.map.default_view, location_precision: before.map.location_precision }, { token });
    }
  });

  test('generates the API key', async ({ page, api }) => {
    await logInAs(page, api, 'admin', '/settings/general');
    const key = page.getByLabel('API key', { exact: true });
    await expect(key).not.toHaveValue('Loading…');
    const first = await key.inputValue();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    // A key that exists is only replaced after a confirmation.
    if (first !== 'No API key yet')
      await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('A new API key has been generated')).toBeVisible();
    await expect(key).not.toHaveValue(first);
    const generated = await key.inputValue();
    expect(generated.length).toBeGreaterThan(10);
    const stored = (await api.get('/apikeys', { token: await adminToken(api) })).body.results as Array<{ api_key: string }>;
    expect(stored.map((k) => k.api_key)).toContain(generated);
  });
});
