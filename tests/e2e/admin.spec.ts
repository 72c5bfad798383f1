import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { apiPost } from './map-support';
import { adminToken, agreeTos, BUILTIN_ADMIN, createUser, E2E_ADMIN, expect, logIn, passwordToken, shot, test, unique } from './support';

// These tests change deployment-wide state (the built-in admin, the site config): one at a time.
test.describe.configure({ mode: 'serial' });

/** A small solid-colour PNG, built here so the test needs no fixture file. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = solidPng(48, [29, 90, 134]);

async function putSite(api: Parameters<typeof adminToken>[0], body: Record<string, unknown>) {
  const res = await api.put('/config/site', body, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, unknown>;
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

test.describe('administration', { tag: '@deployment' }, () => {
  test('admin first-time setup: the default administrator changes e-mail and password', async ({ page, api }) => {
    await putSite(api, { first_login: false });
    const newEmail = `${unique('owner')}@example.org`;
    const newPassword = 'owner password 1';
    try {
      await page.goto('/login');
      const login = page.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('Email address').fill(BUILTIN_ADMIN.email);
      await login.getByLabel('Password').fill(BUILTIN_ADMIN.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      const tos = page.getByRole('dialog', { name: 'Terms of service' });
      await tos.getByLabel('I have read and agree to the terms of service').check();
      await tos.getByRole('button', { name: 'Continue' }).click();

      const setup = page.getByRole('dialog', { name: 'Secure your administrator account' });
      await expect(setup).toBeVisible();
      // "Later" holds across page loads until the next login (issue 30).
      await setup.getByRole('button', { name: 'Later' }).click();
      await expect(setup).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
      await expect(page.locator('.account-menu')).toBeVisible();
      await expect(setup).toHaveCount(0);
      await page.locator('.account-menu').getByRole('button').first().click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await logIn(page, BUILTIN_ADMIN.email, BUILTIN_ADMIN.password);
      await expect(setup).toBeVisible();
      await setup.getByLabel('Your email address').fill(BUILTIN_ADMIN.email);
      await setup.getByLabel('New password').fill('short');
      await setup.getByRole('button', { name: 'Save' }).click();
      await expect(setup.getByText('Choose an address other than the default one')).toBeVisible();
      await expect(setup.getByText('This password is too short')).toBeVisible();
      await shot(page, 'admin-setup-invalid');
      await setup.getByLabel('Your email address').fill(newEmail);
      await setup.getByLabel('New password').fill(newPassword);
      await setup.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your administrator account has been updated' })).toBeVisible();
      await expect(setup).toHaveCount(0);
      await shot(page, 'admin-setup-done');

      // The server has the new credentials; after a reload the dialog does not come back.
      await passwordToken(api, newEmail, newPassword);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      // Give the deployment its default administrator address back for whoever runs next. The
      // password stays the new one: the default is refused when set anew (issue 26), and no other
      // test logs in with it.
      const token = await passwordToken(api, newEmail, newPassword).catch(() => null);
      if (token) await api.put('/users/me', { email: BUILTIN_ADMIN.email }, { token });
    }
  });

  test('first-login wizard: customize, then the next steps; finishing turns it off', async ({ page, api, browser }) => {
    await putSite(api, { first_login: true });
    await agreeTos(api, await adminToken(api));

    // Only someone who may update the site sees it.
    const member = await createUser(api);
    const memberPage = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await memberPage.goto('/views/map');
    await logIn(memberPage, member.email, member.password);
    await expect(accountMenu(memberPage, member.realname)).toBeVisible();
    await expect(memberPage.getByRole('dialog')).toHaveCount(0);
    await memberPage.close();

    await page.goto('/views/map');
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const wizard = page.getByRole('dialog', { name: 'Welcome to your deployment' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Step 1 of 2')).toBeVisible();
    const next = wizard.getByRole('button', { name: 'Continue' });
    // Unchanged (and the name is still empty): Continue is off.
    await expect(next).toBeDisabled();

    await wizard.getByLabel('Deployment name').fill('ab');
    await expect(wizard.getByText('Site name must be between 3 and 255 characters')).toBeVisible();
    await expect(next).toBeDisabled();
    const name = `E2E deployment ${unique()}`;
    await wizard.getByLabel('Deployment name').fill(name);
    await wizard.getByLabel('Description').fill('Reports from the end-to-end tests.');
    await expect(next).toBeEnabled();

    const image = wizard.getByLabel('Header image');
    await image.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1048577, 1) });
    await expect(
      wizard.getByText(
        'Your image is too large (maximum size is 1MB) or has the wrong format (allowed formats are gif, png, jpg and jpeg), please check and try again!',
      ),
    ).toBeVisible();
    await expect(next).toBeDisabled();
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(wizard.getByText(/Your image is too large/)).toBeVisible();
    await image.setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: PNG });
    await expect(wizard.getByText(/Your image is too large/)).toHaveCount(0);
    await expect(next).toBeEnabled();
    await shot(page, 'wizard-customize');
    await next.click();

    await expect(wizard.getByText('Step 2 of 2')).toBeVisible();
    await expect(wizard.getByRole('link', { name: /Add your first post/ })).toBeVisible();
    await expect(wizard.getByRole('link', { name: /Invite users/ })).toHaveAttribute('href', '/settings/users/create');
    await shot(page, 'wizard-first-post');
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toHaveCount(0);

    const site = (await api.get('/config/site', { token: await adminToken(api) })).body as Record<string, unknown>;
    expect(site.first_login).toBe(false);
    expect(site.name).toBe(name);
    expect(site.description).toBe('Reports from the end-to-end tests.');
    expect(String(site.image_header)).toMatch(/^https?:\/\/.+/);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.brand-image')).toHaveJSProperty('naturalWidth', 48);
    await shot(page, 'site-customized');
  });

  test('the settings area is open to admins and sends members to /', async ({ page, api }) => {
    await putSite(api, { first_login: false });
    const member = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, member.email, member.password);
    await expect(accountMenu(page, member.realname)).toBeVisible();
    await accountMenu(page, member.realname).click();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/views\/map$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/views/map');
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await accountMenu(page, E2E_ADMIN.realname).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await shot(page, 'settings-hub');
  });

  test('a site change reaches an open page through the realtime connection', async ({ page, api }) => {
    await page.goto('/views/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    const name = `Live ${unique()}`;
    await putSite(api, { name });
    await expect(page.getByRole('link', { name })).toBeVisible();
  });

  test('demo plan: the post limit, expired, and the upgrade link', async ({ page, api }) => {
    // The deployment holds at least the plan's 25 posts whichever tests ran before (the days left
    // before the limit are the unit tests' of demo.ts): an anonymous visitor counts the published ones.
    const published = await api.get('/posts?limit=1&status=published');
    for (let i = Number(published.body.total_count); i < 25; i++) {
      await apiPost(api, '/posts', { title: unique('Demo '), content: 'Counted', status: 'published' });
    }
    const inTenDays = new Date(Date.now() + 9.5 * 86_400_000).toISOString();
    try {
      await putSite(api, { tier: 'demo_1', expiration_date: inTenDays, extension_date: null });
      await page.goto('/views/map');
      const banner = page.getByRole('complementary', { name: 'Trial' });
      await expect(banner).toContainText('You have reached the limit of 25 posts for your free trial.');
      await expect(banner.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/plan');
      await shot(page, 'demo-banner');
      await banner.getByRole('button', { name: 'Learn more' }).click();
      const notice = page.getByRole('dialog', { name: 'You have reached the limit of published Posts for your plan.' });
      await expect(notice).toContainText('A demo deployment shows up to 25 posts and can be used for 30 days.');
      await shot(page, 'demo-notice');
      await notice.getByRole('button', { name: 'Close' }).first().click();

      // Past the expiration date, and past the extension too.
      await putSite(api, { expiration_date: '2020-01-01T00:00:00+00:00', extension_date: '2020-02-01T00:00:00+00:00' });
      await page.reload();
      await expect(banner).toContainText('Your free trial has expired.');
      // An extension still running opens the trial again, at its post limit.
      await putSite(api, { extension_date: inTenDays });
      await page.reload();
      await expect(banner).toContainText('You have reached the limit of 25 posts for your free trial.');
    } finally {
      await putSite(api, { tier: 'free', expiration_date: null, extension_date: null });
    }
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Trial' })).toHaveCount(0);
  });
});
