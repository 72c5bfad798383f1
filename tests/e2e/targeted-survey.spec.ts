import type { Page } from '@playwright/test';
import { apiGet } from './posts-support';
import { openAs } from './settings-session';
import { adminToken, changeConfigAnswer, expect, shot, test, unique } from './support';

/** This page reads the `targeted-surveys` feature as on (it is off by default), and no first-login wizard. */
const withTargetedSurveys = (page: Page) =>
  changeConfigAnswer(page, (group) => {
    if (group.id === 'features') group['targeted-surveys'] = { enabled: true };
    if (group.id === 'site') group.first_login = false;
  });

/** Three US numbers of this run (a contact answers one targeted survey at a time). */
function numbers(): [string, string, string] {
  const base = 2_000_000 + (Date.now() % 7_000_000);
  return [0, 1, 2].map((i) => `+1415${String(base + i * 11).padStart(7, '0')}`) as [string, string, string];
}
const local = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

const questionRows = (page: Page) => page.getByTestId('targeted-question').locator('.targeted-question-label');

test.describe('targeted survey', { tag: '@deployment' }, () => {
  test('with the feature off, creating one falls back to the ordinary survey builder', async ({ page, api }) => {
    await openAs(page, api, 'admin', '/settings/surveys/targeted-survey/create');
    await expect(page).toHaveURL(/\/settings\/surveys\/create$/);
    await expect(page.getByRole('link', { name: 'New targeted survey' })).toHaveCount(0);
  });

  test('the four steps, numbers corrected in the box, drag and keyboard reordering, publish, and counts moving live', async ({
    page,
    api,
    baseURL,
  }) => {
    const admin = await adminToken(api);
    // The phone of an SMSSync gateway: it polls for the questions and posts the replies.
    const secret = unique('smssync-');
    // Only SMSSync's switch is sent: the server keeps the others (another spec may be turning its own on).
    const saved = await api.put('/config/data-provider', { providers: { smssync: true }, smssync: { secret } }, { token: admin });
    expect(saved.status, saved.text).toBe(200);
    // The three phones have texted the deployment through this SMSSync phone before, so their
    // questions go back the same way, whichever other SMS provider another test turns on meanwhile.
    const [a, b, c] = numbers();
    for (const from of [a, b, c]) {
      const hello = await api.request('POST', `${baseURL}/smssync`, {
        raw: new URLSearchParams({
          secret,
          from,
          message: 'Hello',
          message_id: unique('hello'),
          sent_timestamp: String(Date.now()),
        }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(hello.body).toEqual({ payload: { success: true, error: null } });
    }

    await openAs(page, api, 'admin', '/settings/surveys');
    await withTargetedSurveys(page);
    await page.goto('/settings/surveys');
    await page.getByRole('link', { name: 'New targeted survey' }).click();
    await expect(page.getByRole('heading', { name: 'Create a targeted survey' })).toBeVisible();

    // Step 1: name and description.
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(page.getByText('You must give your survey a name')).toBeVisible();
    await expect(page.getByText('You must give your survey a description')).toBeVisible();
    const name = unique('Water poll ');
    await page.getByLabel('Survey name').fill(name);
    await page.getByLabel('Description').fill('Who has clean water in the valley');
    await next.click();

    // Step 2: country and numbers; invalid ones stay in the box for correction, valid ones are kept.
    await expect(page.getByRole('heading', { name: 'Choose your audience' })).toBeVisible();
    const box = page.getByLabel('Phone numbers');
    await box.fill(`${local(a)}, 12345, ${b.slice(2)}, ${local(a)}`);
    await next.click();
    await expect(page.getByText('You must select a country')).toBeVisible();
    await page.getByLabel('Country').selectOption('US');
    await next.click();
    await expect(box).toHaveValue('12345');
    await expect(page.getByText('1 number has a problem and was left in the box to correct.', { exact: false })).toBeVisible();
    await expect(page.getByText('We removed 1 repeated number.')).toBeVisible();
    await expect(page.getByText('2 valid numbers kept')).toBeVisible();
    await shot(page, 'targeted-numbers-corrected');
    await box.fill(c.slice(2));
    await next.click();

    // Step 3: questions in a modal, with their rules; then drag and keyboard reordering.
    await expect(page.getByRole('heading', { name: 'Add your questions' })).toBeVisible();
    await next.click();
    await expect(page.getByText('You need to add at least one question')).toBeVisible();
    const addQuestion = async (text: string) => {
      await page.getByRole('button', { name: 'Add question' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add question' });
      await dialog.getByLabel('Question').fill(text);
      await dialog.getByRole('button', { name: 'Save question' }).click();
      return dialog;
    };
    const empty = await addQuestion('');
    await expect(empty.getByText('You need to add a question')).toBeVisible();
    await empty.getByLabel('Question').fill('x'.repeat(161));
    await empty.getByRole('button', { name: 'Save question' }).click();
    await expect(empty.getByText('Your question is too long, you can use maximum 160 characters')).toBeVisible();
    await empty.getByRole('button', { name: 'Cancel' }).click();
    const [q1, q2, q3] = ['How many people live in your home?', 'Do you have clean water?', 'How far is the nearest well?'];
    for (const q of [q1, q2, q3]) await expect(await addQuestion(q)).toBeHidden();
    const repeated = await addQuestion(q1);
    await expect(repeated.getByText('This question already exists')).toBeVisible();
    await repeated.getByRole('button', { name: 'Cancel' }).click();
    await expect(questionRows(page)).toHaveText([q1, q2, q3]);

    // Drag the third question by its row onto the first.
    await page.getByTestId('targeted-question').nth(2).dragTo(page.getByTestId('targeted-question').nth(0));
    await expect(questionRows(page)).toHaveText([q3, q1, q2]);
    // From the keyboard: focus the move button and press Enter.
    await page.getByRole('button', { name: `Move down: ${q3}` }).focus();
    await page.keyboard.press('Enter');
    await expect(questionRows(page)).toHaveText([q1, q3, q2]);
    await expect(page.getByTestId('targeted-question').locator('.targeted-question-priority')).toHaveText(['1.', '2.', '3.']);
    await page.getByRole('button', { name: `Delete question: ${q2}` }).click();
    await expect(questionRows(page)).toHaveText([q1, q3]);
    await shot(page, 'targeted-questions');
    await next.click();

    // Step 4: toggles and the SMS total; Publish asks first.
    await expect(page.getByTestId('targeted-total')).toHaveText('6 SMS messages will be sent (2 questions × 3 recipients)');
    await page.getByLabel('Require review before responses are published').uncheck();
    await page.getByLabel("Hide the responders' phone numbers").check();
    await shot(page, 'targeted-review');
    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.getByTestId('targeted-total')).toHaveText('ستُرسل 6 رسائل نصية (2 أسئلة × 3 مستلمين)');
    await shot(page, 'targeted-review-ar');
    await page.locator('.language-picker select').selectOption('en');
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish this survey?' });
    await expect(confirm).toContainText('6 SMS messages will be sent now.');
    await confirm.getByRole('button', { name: 'Publish' }).click();

    // The notice with its button to the data view, on the surveys list.
    await expect(page).toHaveURL(/\/settings\/surveys$/);
    const notice = page.getByRole('status').filter({ hasText: `${name} was published` });
    await expect(notice).toBeVisible();
    const href = await notice.getByRole('link', { name: 'View responses' }).getAttribute('href');
    const formId = Number(/form=(\d+)/.exec(href ?? '')?.[1]);
    expect(formId).toBeGreaterThan(0);
    await shot(page, 'targeted-published-notice');

    // The published page, from the list: counts at step 4, moved by pushed events only.
    await page.getByRole('link', { name: `Progress of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/surveys/targeted-survey/published/${formId}$`));
    const count = (which: string) => page.getByTestId(`count-${which}`).locator('dd');
    await expect(count('recipients')).toHaveText('3');
    await expect(count('pending')).toHaveText('3');
    await expect(count('sent')).toHaveText('0');
    await expect(count('responses')).toHaveText('0');
    await expect(page.getByTestId('targeted-total')).toHaveText('6 SMS messages in this survey (2 questions × 3 recipients)');
    const form = await apiGet(api, `/forms/${formId}`);
    expect(form).toMatchObject({ targeted_survey: true, require_approval: false, hide_author: true, everyone_can_create: false });

    // The phone polls: the three first questions go out.
    const taken: Array<{ to: string; message: string }> = [];
    await expect
      .poll(async () => {
        const res = await api.get(`${baseURL}/smssync?task=send&secret=${encodeURIComponent(secret)}`);
        taken.push(...((res.body as { payload: { messages: Array<{ to: string; message: string }> } }).payload.messages ?? []));
        return taken.filter((m) => [a, b, c].includes(m.to)).length;
      })
      .toBe(3);
    expect(taken.filter((m) => [a, b, c].includes(m.to)).map((m) => m.message)).toEqual([q1, q1, q1]);
    await expect(count('sent')).toHaveText('3');
    await expect(count('pending')).toHaveText('0');

    const reply = async (from: string, message: string, id = unique('m')) => {
      const res = await api.request('POST', `${baseURL}/smssync`, {
        raw: new URLSearchParams({ secret, from, message, message_id: id, sent_timestamp: String(Date.now()) }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(res.body).toEqual({ payload: { success: true, error: null } });
      return id;
    };
    // B answers first, and the gateway posts it twice: one response, B's second question pending.
    const id = await reply(b, '5');
    await reply(b, '5', id);
    await expect(count('responses')).toHaveText('1');
    await expect(count('pending')).toHaveText('1');
    await reply(a, '3');
    await expect(count('responses')).toHaveText('2');
    await expect(count('pending')).toHaveText('2');
    await shot(page, 'targeted-published-live');
    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.getByTestId('count-responses').locator('dt')).toHaveText('الردود');
    await shot(page, 'targeted-published-live-ar');
    await page.locator('.language-picker select').selectOption('en');

    // B's answer to the second question completes B's post: one post, both answers, published.
    await reply(b, 'Yes, from the tap');
    await expect(count('responses')).toHaveText('3');
    const posts = await apiGet(api, `/posts?form=${formId}&status=all`);
    const complete = (posts.results as Array<{ status: string; values: Record<string, string[]> }>).filter((p) => p.status === 'published');
    expect(complete).toHaveLength(1);
    expect(Object.values(complete[0]!.values).sort()).toEqual([['5'], ['Yes, from the tap']]);
    await page.getByRole('link', { name: 'View responses' }).click();
    await expect(page).toHaveURL(new RegExp(`/views/data\\?form=${formId}`));
  });
});
