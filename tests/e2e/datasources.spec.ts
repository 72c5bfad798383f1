import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiGet, blockTiles, plainSurvey } from './posts-support';
import { openAs } from './settings-session';
import { adminToken, expect, shot, test, unique } from './support';

/** FrontlineSMS's webhook as a local server: records what the platform sends and answers 200. */
async function frontlineServer() {
  const received: Array<Record<string, any>> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/1/webhook')
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test.describe('SMS data source', () => {
  test('an SMS posted by the gateway appears live in the data view, and a reply from its thread is delivered', async ({
    page,
    api,
    baseURL,
  }) => {
    const gateway = await frontlineServer();
    const admin = await adminToken(api);
    const survey = await plainSurvey(api);
    const secret = unique('secret');
    const providers = { ...((await apiGet(api, '/config/data-provider')).providers as Record<string, boolean>), frontlinesms: true };
    const saved = await api.put(
      '/config/data-provider',
      {
        providers,
        frontlinesms: { secret, key: 'e2e-api-key', server_url: gateway.url, form_id: survey.id, inbound_fields: { Message: 'title' } },
      },
      { token: admin },
    );
    expect(saved.status, saved.text).toBe(200);
    try {
      await blockTiles(page);
      await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
      // Loaded and empty before the SMS arrives, so the post can only come by push.
      await expect(page.getByText('Showing 0 of 0 posts')).toBeVisible();

      const text = unique('Bridge washed away at the river crossing ');
      const phone = `+2547${String(Date.now()).slice(-8)}`;
      const sms = await api.request('POST', `${baseURL}/frontlinesms`, {
        raw: new URLSearchParams({ secret, from: phone, message: text }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(sms.body).toEqual({ payload: { success: true, error: null } });
      // Pushed, not polled: the data view announces the new post without a reload, and shows it on demand.
      const announced = page.getByRole('button', { name: '1 new post' });
      await expect(announced).toBeVisible();
      await shot(page, 'datasources-sms-post-announced');
      await announced.click();
      await expect(page.locator('.post-card').filter({ hasText: text })).toBeVisible();
      await shot(page, 'datasources-sms-post-live');

      const post = (await apiGet(api, `/posts?form=${survey.id}`)).results.find((p: { title: string }) => p.title === text);
      expect(post).toMatchObject({ source: 'sms' });
      await page.goto(`/posts/${post.id}`);
      const thread = page.getByRole('region', { name: 'Messages' });
      await expect(thread.locator('.message-incoming .message-text')).toHaveText(text);
      await thread.getByRole('button', { name: 'Send message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send message' });
      await dialog.getByLabel('Your reply').fill('Thank you, a team is on its way');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(thread.locator('.message-outgoing .message-text')).toHaveText('Thank you, a team is on its way');
      // The delivery job sends it through FrontlineSMS; the thread follows its state live.
      await expect(thread.locator('.message-outgoing .message-meta')).toContainText('Delivered to the gateway');
      await shot(page, 'datasources-reply-delivered');
      expect(gateway.received).toEqual([
        { apiKey: 'e2e-api-key', payload: { message: 'Thank you, a team is on its way', recipients: [{ type: 'mobile', value: phone }] } },
      ]);
    } finally {
      await api.put('/config/data-provider', { providers: { ...providers, frontlinesms: false } }, { token: admin });
      await gateway.close();
    }
  });
});
