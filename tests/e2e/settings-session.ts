import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { adminToken, createUser, expect, keepFirstLoginWizardAway, shot, unique, type TestUser } from './support';

/**
 * A page logged in as a fresh user of `role` with its `permissions` (the stored session the app
 * keeps, as after a login).
 * The first-login wizard stays away (`keepFirstLoginWizardAway`).
 */
export async function openAs(page: Page, api: ApiClient, role: string, path: string, permissions: string[] = []): Promise<TestUser> {
  const user = await createUser(api, { role, realname: unique('Settings ') });
  await keepFirstLoginWizardAway(page);
  await page.addInitScript(
    ({ session }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('platform.session', JSON.stringify(session));
    },
    {
      session: {
        userId: user.id,
        realname: user.realname,
        email: user.email,
        accessToken: user.token,
        accessTokenExpires: Date.now() + 3_600_000,
        grantType: 'password',
        role,
        permissions,
        gravatar: null,
        language: null,
      },
    },
  );
  await page.goto(path);
  return user;
}

/** A role made through the API, for "who can submit" and "who can see". */
export async function createRole(api: ApiClient, permissions: string[] = []): Promise<{ id: number; name: string; display_name: string }> {
  const name = unique('role');
  const res = await api.post('/roles', { name, display_name: `Role ${name}`, permissions }, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; name: string; display_name: string };
}

/** No horizontal scrolling at the current viewport width. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A screenshot of everything at once: the viewport grows to the page's (or an open dialog's) full
 * height first, so sticky bars and dialogs are drawn where a person sees them, not cut off.
 */
export async function fullShot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, ...Array.from(document.querySelectorAll('.dialog-backdrop'), (el) => el.scrollHeight)),
  );
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(height)) });
  await shot(page, name);
  await page.setViewportSize(size);
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
