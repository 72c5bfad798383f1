import path from 'node:path';
import { expect, SCREENSHOT_DIR, shot, test } from './support';

test.describe('API docs page', () => {
  test('renders the OpenAPI document offline, with the API key guide and every tag', async ({ page }) => {
    const offOrigin: string[] = [];
    const origin = new URL(test.info().project.use.baseURL!).origin;
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) offOrigin.push(request.url());
    });
    await page.goto('/api/docs');
    // Swagger UI (1.7 MB of script) parses and lays out the 340 KB document first: on a busy CI
    // machine that took more than 10 s.
    await expect(page.getByRole('heading', { name: /Platform API \(Ushahidi v3 compatible\)/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(page.getByText(/regenerates a key and DELETE removes it/)).toBeVisible();
    // Swagger UI breaks long paths with invisible characters: its data-path attribute keeps them whole.
    const opPath = (p: string) => page.locator(`.opblock-summary-path[data-path="${p}"]`);
    // Operations are drawn as they scroll into view: scroll until the webhooks' are there.
    const writeBack = page.locator('.opblock-put', { has: opPath('/api/v3/webhooks/posts/{id}') }).locator('.opblock-summary');
    await expect(async () => {
      await page.mouse.wheel(0, 3000);
      await expect(opPath('/api/v3/webhooks/{id}/deliveries')).toBeVisible({ timeout: 500 });
      await expect(writeBack).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await writeBack.click();
    await expect(page.getByText(/one of the deployment's API keys as/)).toBeVisible();
    await shot(page, 'api-docs');
    // The whole page is mostly blank (operations out of view are not drawn): the view as a reader sees it too.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-docs-writeback.png') });
    expect(offOrigin).toEqual([]);
  });
});
