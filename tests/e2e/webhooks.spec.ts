import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { adminToken, expect, shot, test, unique } from './support';
import { expectNoHorizontalScroll, logInAs, seriousViolations } from './settings-admin';

type Received = { path: string; signature: string; body: Record<string, unknown> };

/** A webhook receiver in the test: answers each request with the next scripted status, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        signature: String(req.headers['x-ushahidi-signature'] ?? ''),
        body: JSON.parse(body) as Record<string, unknown>,
      });
      res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    answer: (...statuses: number[]) => answers.push(...statuses),
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const deliveryRows = (page: Page) => page.getByRole('list', { name: 'Recent deliveries' }).locator('li');

test.describe('webhooks settings', () => {
  test('creates a webhook with every check of spec 3, and its deliveries appear live with a Redeliver action', async ({ page, api }) => {
    const receiver = await startReceiver();
    try {
      await logInAs(page, api, 'admin', '/settings/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await page.getByRole('link', { name: 'Add webhook' }).click();
      await expect(page).toHaveURL(/\/settings\/webhooks\/create$/);

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expect(page.getByText('Shared secret is required')).toBeVisible();
      await expect(page.getByText('URL is required')).toBeVisible();
      await page.getByLabel('Name').fill('ab');
      await expect(page.getByText('Name must be at least 3 characters long')).toBeVisible();
      await page.getByLabel('Name').fill('n'.repeat(151));
      await expect(page.getByText('Name must not be longer than 150 characters')).toBeVisible();
      await page.getByLabel('Shared secret').fill('too-short');
      await expect(page.getByText('Shared secret must be at least 20 characters long')).toBeVisible();
      await page.getByRole('textbox', { name: 'URL', exact: true }).fill('ftp://example.org/in');
      await expect(page.getByText('URL must be a valid http or https address')).toBeVisible();

      // The survey toggle asks for a survey while on, and clears it when turned off.
      await page.getByRole('switch', { name: /Only posts of one survey/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Choose a survey, or turn off the survey option')).toBeVisible();
      await page.getByRole('switch', { name: /Only posts of one survey/ }).uncheck();
      await expect(page.getByRole('combobox', { name: 'Survey', exact: true })).toHaveCount(0);

      const name = unique('Newsroom ');
      const path = `/${unique('in')}`;
      const secret = unique('a-shared-secret-of-length-');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Shared secret').fill(secret);
      await page.getByRole('textbox', { name: 'URL', exact: true }).fill(receiver.url(path));
      await page.getByLabel('Event type').selectOption('create');
      await shot(page, 'settings-webhook-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Webhook ${name} saved`)).toBeVisible();
      await expect(page).toHaveURL(/\/settings\/webhooks\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit webhook' })).toBeVisible();
      await expect(page.getByText('Nothing has been sent to this webhook yet.')).toBeVisible();

      // A post created elsewhere reaches the receiver, and its row appears here without a reload.
      const token = await adminToken(api);
      const post = await api.post('/posts', { title: unique('Flooded road '), content: 'Water over the bridge' }, { token });
      expect(post.status).toBe(200);
      const row = deliveryRows(page).filter({ hasText: `Post ${post.body.id}` });
      await expect(row).toContainText('Delivered');
      await expect(row).toContainText('HTTP 200');
      await expect(row).toContainText('1 attempt');
      expect(receiver.received.filter((r) => r.path === path)).toMatchObject([{ body: { id: post.body.id, title: post.body.title } }]);
      expect(receiver.received[0]?.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);

      // A receiver failing every attempt: the row turns Failed, and Redeliver sends it again.
      receiver.answer(500, 500);
      const second = await api.post('/posts', { title: unique('Bridge closed '), content: 'Closed to cars' }, { token });
      const failed = deliveryRows(page).filter({ hasText: `Post ${second.body.id}` });
      await expect(failed).toContainText('Failed', { timeout: 20_000 });
      await expect(failed).toContainText('HTTP 500');
      await expect(failed).toContainText('2 attempts');
      await shot(page, 'settings-webhook-deliveries');
      await failed.getByRole('button', { name: `Redeliver post ${second.body.id}` }).click();
      await expect(failed).toContainText('Delivered');
      await expect(failed).toContainText('3 attempts');
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      // Back on the list, the webhook is there; the survey toggle saves and clears the survey.
      const survey = await api.post('/forms', { name: unique('Roads ') }, { token });
      const hookId = Number(/\/(\d+)$/.exec(page.url())?.[1]);
      await page.reload();
      await page.getByRole('switch', { name: /Only posts of one survey/ }).check();
      await page.getByRole('combobox', { name: 'Survey', exact: true }).selectOption(String(survey.body.id));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/settings\/webhooks$/);
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      expect((await api.get(`/webhooks/${hookId}`, { token })).body.form_id).toBe(survey.body.id);
      await shot(page, 'settings-webhooks-list');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Survey', exact: true })).toHaveValue(String(survey.body.id));
      await page.getByRole('switch', { name: /Only posts of one survey/ }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/settings\/webhooks$/);
      expect((await api.get(`/webhooks/${hookId}`, { token })).body).toMatchObject({ form_id: null, source_field_key: null });
    } finally {
      await receiver.close();
    }
  });
});

test.describe('webhooks settings for a settings manager', () => {
  test('opens the card, and the admin-only API answers with the Forbidden page (API-CONTRACT 14.6)', async ({ page, api }) => {
    const token = await adminToken(api);
    const role = unique('settings-manager-');
    const made = await api.post('/roles', { name: role, display_name: role, description: '', permissions: ['Manage Settings'] }, { token });
    expect(made.status).toBe(200);
    await logInAs(page, api, role, '/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add webhook' })).toHaveCount(0);
  });
});
