import { signTwilio } from '../integration/helpers/gateways';
import { startSmsProviders } from '../integration/helpers/sms-providers';
import { apiGet, blockTiles, plainSurvey } from './posts-support';
import { openAs } from './settings-session';
import { adminToken, expect, shot, test, unique } from './support';

const TWILIO_SID = 'AC00000000000000000000000000e2e001';
const TWILIO_TOKEN = 'e2e-twilio-auth-token';
const TWILIO_FROM = '+15005550006';

test.describe('Data sources', { tag: '@deployment' }, () => {
  test('Twilio configured on the screen: an SMS appears live in the data view and a reply from its thread is delivered', async ({
    page,
    api,
    baseURL,
  }) => {
    // Twilio's API as a local server (global setup told the server its port): it checks each
    // request as Twilio documents it (path, basic auth, form encoding, To/From/Body).
    const twilio = await startSmsProviders(
      { twilio: { sid: TWILIO_SID, token: TWILIO_TOKEN }, vonage: { key: 'unused', secret: 'unused' }, frontlineKey: 'unused' },
      Number(process.env.E2E_SMS_PROVIDERS_PORT),
    );
    const admin = await adminToken(api);
    const survey = await plainSurvey(api);
    const before = (await apiGet(api, '/config/data-provider')).providers as Record<string, boolean>;
    try {
      await blockTiles(page);
      await openAs(page, api, 'admin', '/settings');
      await page.getByRole('link', { name: /Data sources/ }).click();
      await expect(page).toHaveURL(/\/settings\/datasources$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Twilio', exact: true })).toBeVisible();
      // Sorted by name.
      const names = await page.locator('.provider-name').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toContain('Twilio');

      const panel = page.locator('.provider-panel').filter({ has: page.getByRole('button', { name: 'Twilio', exact: true }) });
      await panel.getByRole('button', { name: 'Twilio', exact: true }).click();
      // Not configured yet (or cleared): the alert shows, the switches do not, and a submit marks the fields.
      await panel.getByLabel('Phone Number').fill('');
      await expect(panel.getByRole('alert').filter({ hasText: 'This plugin needs configuring' })).toBeVisible();
      await expect(panel.getByRole('switch')).toHaveCount(0);
      await panel.getByLabel('Account SID').fill('');
      await panel.getByLabel('Auth Token').fill('');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel.locator('.field-error')).toHaveText(Array(3).fill('Please check this field'));
      await shot(page, 'datasources-twilio-invalid');

      await panel.getByLabel('Phone Number').fill(TWILIO_FROM);
      await panel.getByLabel('Account SID').fill(TWILIO_SID);
      await panel.getByLabel('Auth Token').fill(TWILIO_TOKEN);
      await expect(panel.getByLabel('Auth Token')).toHaveAttribute('type', 'password');
      await expect(panel.getByRole('alert')).toHaveCount(0);

      await panel.getByRole('switch', { name: 'Import messages to a survey' }).check();
      await panel.getByRole('radio', { name: survey.name }).check();
      const mapping = panel.getByLabel('Message', { exact: true });
      await expect(mapping.locator('option')).toHaveText(['Leave empty', 'Title (required)', 'Description (required)']);
      await mapping.selectOption('title');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Twilio settings saved')).toBeVisible();

      // The switch saves at once; the green dot follows.
      await panel.getByRole('switch', { name: 'Receive and send through Twilio' }).check();
      await expect(page.getByText('Twilio is on')).toBeVisible();
      await expect(panel.getByRole('img', { name: 'Enabled' })).toBeVisible();
      await shot(page, 'datasources-screen');
      await page.locator('.language-picker select').selectOption('ar');
      await expect(page.getByRole('heading', { level: 1, name: 'مصادر البيانات' })).toBeVisible();
      await expect(panel.getByRole('switch', { name: 'الاستقبال والإرسال عبر Twilio' })).toBeChecked();
      await shot(page, 'datasources-screen-ar');
      await page.locator('.language-picker select').selectOption('en');

      const stored = await apiGet(api, '/config/data-provider');
      expect(stored.twilio).toMatchObject({
        from: TWILIO_FROM,
        account_sid: TWILIO_SID,
        auth_token: TWILIO_TOKEN,
        form_id: survey.id,
        inbound_fields: { Message: 'title' },
      });
      // Only Twilio's switch changed: providers other specs turn on stay as they were.
      expect(stored.providers).toMatchObject({
        ...Object.fromEntries(Object.entries(before).filter(([id]) => id !== 'twilio')),
        twilio: true,
      });

      await page.goto(`/views/data?form=${survey.id}`);
      // Loaded and empty before the SMS arrives, so the post can only come by push.
      await expect(page.getByText('Showing 0 of 0 posts')).toBeVisible();
      const text = unique('Bridge washed away at the river crossing ');
      const phone = `+2547${String(Date.now()).slice(-8)}`;
      const fields = { AccountSid: TWILIO_SID, MessageSid: unique('SM'), From: phone, To: TWILIO_FROM, Body: text, NumMedia: '0' };
      const sms = await api.request('POST', `${baseURL}/sms/twilio`, {
        raw: new URLSearchParams(fields).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signTwilio(TWILIO_TOKEN, `${baseURL}/sms/twilio`, fields),
        },
      });
      expect(sms.status, sms.text).toBe(200);
      // Pushed, not polled: the data view announces the new post without a reload.
      const announced = page.getByRole('button', { name: '1 new post' });
      await expect(announced).toBeVisible();
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
      // The delivery job sends it through Twilio; the thread follows its state live.
      await expect(thread.locator('.message-outgoing .message-meta')).toContainText('Delivered to the gateway');
      await shot(page, 'datasources-reply-delivered');
      // Another spec's messages may go through Twilio while it is on: only this reporter's count here.
      const toReporter = twilio.of('twilio').filter((r) => r.body.To === phone);
      expect(toReporter.map((r) => [r.path, r.body.To, r.body.From, r.body.Body])).toEqual([
        [`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`, phone, TWILIO_FROM, 'Thank you, a team is on its way'],
      ]);
    } finally {
      // Only the switch this spec turned on goes off again.
      await api.put('/config/data-provider', { providers: { twilio: false } }, { token: admin });
      await twilio.close();
    }
  });
});
