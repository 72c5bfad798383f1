import type { Page } from '@playwright/test';
import { changeConfigAnswer, createUser, expect, logIn, shot, test, unique, waitForMail } from './support';

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

test.describe('sessions', () => {
  test('register, then log in and agree to the terms of service', async ({ page }) => {
    const email = `${unique('reg')}@example.org`;
    const realname = `Reg ${unique('name')}`;
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/views\/map$/);

    // The shared rules, with the spec's texts, shown as each field is left; Sign up waits for valid input.
    await expect(dialog.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await dialog.getByLabel('Full name').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Email address is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await dialog.getByLabel('Email address').fill('not-an-address');
    await dialog.getByLabel('Password').fill('short');
    await expect(dialog.getByText('This email address is invalid')).toBeVisible();
    await expect(dialog.getByText('This password is too short')).toBeVisible();
    await shot(page, 'register-invalid');

    await dialog.getByLabel('Full name').fill(realname);
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Password').fill('a good password');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration complete! You can now log in..' })).toBeVisible();

    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    await login.getByLabel('Email address').fill(email);
    await login.getByLabel('Password').fill('a good password');
    await login.getByRole('button', { name: 'Log in' }).click();

    const tos = page.getByRole('dialog', { name: 'Terms of service' });
    await expect(tos).toBeVisible();
    await shot(page, 'tos-dialog');
    await tos.getByRole('button', { name: 'Continue' }).click();
    await expect(tos.getByText('You need to agree to the terms of service to continue')).toBeVisible();
    await tos.getByLabel('I have read and agree to the terms of service').check();
    await tos.getByRole('button', { name: 'Continue' }).click();
    await expect(tos).toHaveCount(0);
    await expect(accountMenu(page, realname)).toBeVisible();
    await shot(page, 'logged-in-member');

    // A reload keeps the session; the terms are not asked again at the next login.
    await page.reload();
    await expect(accountMenu(page, realname)).toBeVisible();
    await accountMenu(page, realname).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await logIn(page, email, 'a good password');
    await expect(accountMenu(page, realname)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('registering an address already in use marks the e-mail field', async ({ page, api }) => {
    const existing = await createUser(api);
    await page.goto('/views/map');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await dialog.getByLabel('Full name').fill('Someone');
    await dialog.getByLabel('Email address').fill(existing.email);
    await dialog.getByLabel('Password').fill('a good password');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There were errors during registration. Check your input and try again.' }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This email address is already in use')).toBeVisible();
    await shot(page, 'register-failed');
  });

  test('the login dialog checks the e-mail as it is typed and sends nothing until it is valid', async ({ page }) => {
    let tokenRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/oauth/token') && request.postData()?.includes('password')) tokenRequests++;
    });
    await page.goto('/views/map');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    const submit = dialog.getByRole('button', { name: 'Log in' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Email address').fill('someone@');
    await dialog.getByLabel('Password').fill('a password');
    await expect(dialog.getByText('This email address is invalid')).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();
    await shot(page, 'login-invalid-email');
    await dialog.getByLabel('Email address').fill('someone@example.org');
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText('This email address is invalid')).toHaveCount(0);
    expect(tokenRequests).toBe(0);
  });

  test('a private deployment shows an anonymous visitor its notice with the contact e-mail and the login dialog, nothing else', async ({
    page,
  }) => {
    // This page reads the site as private (the shared server stays public for the other spec files).
    await changeConfigAnswer(page, (group) => {
      if (group.id === 'site') Object.assign(group, { private: true, email: 'access@example.org', name: 'Closed map' });
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v3/') && !url.pathname.startsWith('/api/v3/config')) apiCalls.push(url.pathname);
    });
    await page.goto('/views/map');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    await expect(login.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Closed map is private' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'access@example.org' })).toHaveAttribute('href', 'mailto:access@example.org');
    // No error toast, no failed region behind the dialog, no survey or post loaded.
    await expect(page.locator('.notice')).toHaveCount(0);
    await expect(page.locator('.region-error')).toHaveCount(0);
    await expect(page.locator('.mode-bar')).toHaveCount(0);
    expect(apiCalls.filter((p) => /\/(forms|posts)/.test(p))).toEqual([]);
    await shot(page, 'private-deployment-anonymous');
  });

  test('a wrong password says so and clears the fields', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, user.email, 'not the password');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog.getByText('Login failed, check your email and password.')).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveValue('');
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await shot(page, 'login-failed');
    await dialog.getByLabel('Email address').fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(accountMenu(page, user.realname)).toBeVisible();
  });

  test('an anonymous request refused with 401 is retried with a client-credentials token', async ({ page }) => {
    // A stored anonymous token the server does not know (expired server-side, say).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'platform.session',
        JSON.stringify({
          userId: null,
          realname: null,
          email: null,
          accessToken: 'unknown-token',
          accessTokenExpires: Date.now() + 3_600_000,
          grantType: 'client_credentials',
          role: null,
          permissions: [],
          gravatar: null,
          language: null,
        }),
      );
    });
    const configCalls: Array<{ auth: string | undefined; status: number }> = [];
    const grants: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.url().endsWith('/api/v3/config')) configCalls.push({ auth: request.headers().authorization, status: response.status() });
      if (request.url().endsWith('/oauth/token')) grants.push(String((request.postDataJSON() as { grant_type?: string }).grant_type));
    });
    await page.goto('/views/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    expect(configCalls[0]).toEqual({ auth: 'Bearer unknown-token', status: 401 });
    // One new token, however many reads were refused before it came: each is tried again with it.
    expect(grants).toEqual(['client_credentials']);
    const refused = configCalls.filter((call) => call.status === 401);
    const answered = configCalls.filter((call) => call.status === 200);
    expect(refused.every((call) => call.auth === 'Bearer unknown-token')).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    for (const call of answered) expect(call.auth).toMatch(/^Bearer (?!unknown-token)\S+$/);
    expect(new Set(answered.map((call) => call.auth)).size).toBe(1);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('platform.session') ?? 'null') as { grantType: string; accessToken: string },
    );
    expect(stored.grantType).toBe('client_credentials');
    expect(stored.accessToken).not.toBe('unknown-token');
  });

  test('reset a forgotten password with the mailed link', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/forgotpassword');
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email address').fill(user.email);
    await dialog.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(dialog.getByText(`If ${user.email} belongs to an account`)).toBeVisible();
    await shot(page, 'forgot-password-sent');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const mail = await waitForMail((m) => m.to.includes(user.email));
    const link = /https?:\/\/\S+\/forgotpassword\/confirm\/(\S+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    await page.goto(new URL(link![0]).pathname);
    const confirm = page.getByRole('dialog', { name: 'Choose a new password' });
    await expect(confirm).toBeVisible();
    await expect(page).toHaveURL(/\/views\/map$/);
    // The token came with the link: only the password is asked for.
    await expect(confirm.getByLabel('Reset code')).toHaveCount(0);
    await confirm.getByLabel('New password').fill('brand new password');
    await shot(page, 'reset-confirm');
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    await login.getByLabel('Email address').fill(user.email);
    await login.getByLabel('Password').fill('brand new password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(accountMenu(page, user.realname)).toBeVisible();

    // The link works once.
    await page.goto(new URL(link![0]).pathname);
    await confirm.getByLabel('New password').fill('another new password');
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password reset failed' })).toBeVisible();
  });

  test('a logged-in user whose session ends is logged out and asked to log in again', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, user.email, user.password);
    await expect(accountMenu(page, user.realname)).toBeVisible();
    // A password reset ends every session of the account.
    expect((await api.post('/passwordreset', { email: user.email })).status).toBe(204);
    const mail = await waitForMail((m) => m.to.includes(user.email));
    const token = /\/forgotpassword\/confirm\/(\S+)/.exec(mail.text)![1]!;
    expect((await api.post('/passwordreset/confirm', { token, password: 'reset by e2e' })).status).toBe(204);

    // The user's next action meets the ended session, unless a request of the app's own (a refresh
    // pushed by another test's post) met it first and the menu is already gone.
    await accountMenu(page, user.realname)
      .click({ timeout: 5_000 })
      .then(() => page.getByRole('button', { name: 'Contacts and notifications' }).click({ timeout: 5_000 }))
      .catch(() => undefined);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(accountMenu(page, user.realname)).toHaveCount(0);
    // Nothing of the user's session is kept; an anonymous token may take its place.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('platform.session') ?? 'null') as { userId: unknown; grantType: string } | null,
    );
    expect(stored?.userId ?? null).toBeNull();
    expect(stored?.grantType ?? 'none').not.toBe('password');
  });
});
