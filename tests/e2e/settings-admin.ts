import zlib from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { createUser, expect, keepFirstLoginWizardAway, logIn, unique, type TestUser } from './support';

/**
 * Logs a fresh user of `role` in through the login dialog and opens `path`. Every test gets its own
 * account: the settings screens act on "yourself", and the server is shared by every spec file.
 */
export async function logInAs(page: Page, api: ApiClient, role: string, path: string): Promise<TestUser> {
  const user = await createUser(api, { role, realname: unique('Admin ') });
  await keepFirstLoginWizardAway(page);
  await page.goto('/views/map');
  await logIn(page, user.email, user.password);
  // Logged in: the header holds the account's menu (inside the header's menu on a phone).
  await expect(page.getByRole('button', { name: new RegExp(user.realname), includeHidden: true })).toBeAttached();
  await page.goto(path);
  return user;
}

/** Serious and critical axe violations of the page as it is now (none is the goal). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** No horizontal scrolling at the current viewport width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A small solid-colour PNG, built here so the tests need no fixture file. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
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
