import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { apiClient, type ApiClient } from '../integration/helpers/api';
import { BUILTIN_ADMIN, E2E_ADMIN } from './accounts';

export { BUILTIN_ADMIN, E2E_ADMIN };

/**
 * Works on the e2e server's database directly, for what no API offers: posts that came in through
 * a data source, or dates in the past. Tests that use it skip without `E2E_DATABASE_URL`.
 */
export async function onE2eDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot to tests/e2e/screenshots/<name>.png for a human to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

type Mail = { to: string[]; subject: string; text: string };

/** Waits for a mail captured by the e2e SMTP server (global setup). */
export async function waitForMail(predicate: (mail: Mail) => boolean, timeoutMs = 15000): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set; run through playwright.config.ts');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Mail;
      if (predicate(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no matching mail within ${timeoutMs} ms`);
}

export const test = base.extend<{ api: ApiClient }>({
  api: async ({ baseURL }, use) => {
    await use(apiClient(baseURL!));
  },
});
export { expect };

let counter = 0;
/** Unique per worker and call, so tests never collide on names. */
export const unique = (prefix = 'x') => `${prefix}${process.pid}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const PUBLIC_CLIENT = { client_id: 'ushahidiui', client_secret: '35e7f0bca957836d05ca0492211b0ac707671261' } as const;

export async function passwordToken(api: ApiClient, username: string, password: string): Promise<string> {
  const res = await api.post('/oauth/token', { grant_type: 'password', ...PUBLIC_CLIENT, username, password, scope: '*' });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

export const adminToken = (api: ApiClient) => passwordToken(api, E2E_ADMIN.email, E2E_ADMIN.password);

export type TestUser = { id: number; email: string; password: string; realname: string; token: string };

/** A user made through the API (no rate limit, unlike /register); agrees to the terms unless told not to. */
export async function createUser(
  api: ApiClient,
  options: { role?: string; agreeTos?: boolean; realname?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `${unique('e2e')}@example.org`;
  const password = 'e2e password 1';
  const realname = options.realname ?? `E2E ${unique('user')}`;
  const created = await api.post('/users', { email, password, realname, role: options.role ?? 'user' }, { token: await adminToken(api) });
  if (created.status !== 200) throw new Error(`creating ${email} failed: ${created.status} ${created.text}`);
  const token = await passwordToken(api, email, password);
  if (options.agreeTos !== false) await agreeTos(api, token);
  return { id: created.body.id as number, email, password, realname, token };
}

/** Records agreement to the terms as of now (newer than any version the client asks for). */
export async function agreeTos(api: ApiClient, token: string): Promise<void> {
  const res = await api.post('/tos', { tos_version_date: new Date().toISOString() }, { token });
  if (res.status !== 200) throw new Error(`agreeing to the terms failed: ${res.status} ${res.text}`);
}

/**
 * Opens the login dialog from the header and logs in; the terms dialog is handled by the caller.
 * On a phone the header's Log in is inside its menu, opened first.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  // The menu button is there once the app has its configuration, shown on a phone only.
  const menu = page.locator('.app-header .header-menu-button');
  await expect(menu).toBeAttached();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

/**
 * This page reads the real `GET /config` answer with `change` made to each of its groups. The
 * server is shared by every spec file, so a test changes what its own page sees, not the deployment.
 */
export async function changeConfigAnswer(page: Page, change: (group: Record<string, unknown>) => void): Promise<void> {
  await page.route('**/api/v3/config', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { results: Array<Record<string, unknown>> };
      for (const group of body.results) change(group);
      await route.fulfill({ response, json: body });
    } catch (error) {
      // A page that is closing (end of the test) disposes the answer under us; nothing to do then.
      if (!page.isClosed() && !/disposed|closed/i.test(String(error))) throw error;
    }
  });
}

/** This page reads `view` as switched off by the plan's features. */
export const turnViewOff = (page: Page, view: string): Promise<void> =>
  changeConfigAnswer(page, (group) => {
    if (group.id === 'features') group.views = { ...(group.views as Record<string, unknown>), [view]: false };
  });

/**
 * The first-login wizard follows the deployment-wide `first_login` flag, which other spec files
 * switch on and off; closing the wizard would change it for them. So this page reads `first_login`
 * as false; nothing else of the answer is touched.
 */
export const keepFirstLoginWizardAway = (page: Page): Promise<void> =>
  changeConfigAnswer(page, (group) => {
    if (group.id === 'site') group.first_login = false;
  });
