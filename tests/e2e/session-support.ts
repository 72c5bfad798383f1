import type { Page } from '@playwright/test';
import { expect } from './support';

/** The whole app was not replaced by the crash screen. */
export async function expectNoCrash(page: Page): Promise<void> {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

/** Logs out from the header's account menu, in place. */
export async function logOutFromHeader(page: Page, realname: string): Promise<void> {
  await page.getByRole('button', { name: realname }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
}
