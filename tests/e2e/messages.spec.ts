import { blockTiles, plainSurvey } from './posts-support';
import { openAs } from './settings-session';
import { expect, onE2eDatabase, shot, test, unique } from './support';

/**
 * A post that came in by SMS from a contact, with `incoming` messages in its thread. Incoming
 * messages arrive through the data sources, which no API offers yet, so they are put in directly.
 */
async function smsPostWithThread(formId: number, title: string, incoming: number): Promise<{ postId: number; phone: string }> {
  return onE2eDatabase(async (db) => {
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const contact = await db.query<{ id: number }>(
      "insert into contacts (type, contact, data_source) values ('phone', $1, 'smssync') returning id",
      [phone],
    );
    const contactId = contact.rows[0]!.id;
    const post = await db.query<{ id: number }>(
      "insert into posts (form_id, title, content, status, source, contact_id) values ($1, $2, 'Sent by SMS', 'published', 'sms', $3) returning id",
      [formId, title, contactId],
    );
    for (let i = 1; i <= incoming; i++) {
      await db.query(
        "insert into messages (contact_id, post_id, message, direction, status, type, data_source, created) values ($1, $2, $3, 'incoming', 'received', 'sms', 'smssync', now() - make_interval(mins => $4))",
        [contactId, i === 1 ? post.rows[0]!.id : null, `Incoming ${i}`, 60 - i],
      );
    }
    return { postId: post.rows[0]!.id, phone };
  });
}

test.describe('message thread', () => {
  test.skip(!process.env.E2E_DATABASE_URL, 'needs the e2e server on a Postgres server (TEST_DATABASE_URL)');

  test('five messages a page, the Send message modal with its rules, and a reply shown live in another browser', async ({
    page,
    browser,
    api,
  }) => {
    const survey = await plainSurvey(api);
    const title = unique('By SMS ');
    const { postId, phone } = await smsPostWithThread(survey.id, title, 7);
    await blockTiles(page);
    await openAs(page, api, 'admin', `/posts/${postId}`);
    const thread = page.getByRole('region', { name: 'Messages' });
    await expect(thread.locator('.message')).toHaveCount(5);
    await expect(thread.locator('.message-text').first()).toHaveText('Incoming 1');
    const pages = thread.getByRole('navigation', { name: 'Message pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(thread.locator('.message-text')).toHaveText(['Incoming 6', 'Incoming 7']);

    // A second browser watches page 2 of the same thread.
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await blockTiles(watcher);
    await openAs(watcher, api, 'admin', `/posts/${postId}?thread_page=2`);
    const watched = watcher.getByRole('region', { name: 'Messages' });
    await expect(watched.locator('.message')).toHaveCount(2);

    await thread.getByRole('button', { name: 'Send message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send message' });
    const reply = dialog.getByLabel('Your reply');
    await reply.fill('x');
    await expect(dialog.getByText('The message must be at least 2 characters long')).toBeVisible();
    await reply.fill('y'.repeat(141));
    await expect(dialog.getByText('The message must not exceed 140 characters long')).toBeVisible();
    await shot(page, 'messages-send-modal');
    await reply.fill('We are on our way');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`Message sent to ${phone}`)).toBeVisible();
    await expect(thread.locator('.message-outgoing .message-text')).toHaveText('We are on our way');
    await expect(thread.locator('.message-outgoing .message-meta')).toContainText('Waiting to be sent');
    await shot(page, 'messages-thread');

    // Pushed, not polled: the watcher's thread grows without a reload.
    await expect(watched.locator('.message-outgoing .message-text')).toHaveText('We are on our way');
    await other.close();
  });
});
