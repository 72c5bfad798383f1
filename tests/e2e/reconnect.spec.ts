import { startExtraNode } from './extra-node';
import { blockTiles, plainSurvey, postViaApi } from './posts-support';
import { openAs } from './settings-session';
import { adminToken, expect, shot, test, unique } from './support';

const RECONNECT = { timeout: 30_000 };

test.describe('reconnect without loss (two nodes)', () => {
  // A second node needs a database two processes share: the e2e run's Postgres server.
  test.skip(!process.env.E2E_DATABASE_URL, 'needs TEST_DATABASE_URL (a Postgres server both nodes share)');

  test('a browser on a node that crashes and restarts gets every missed post and lock once, and its banner and locks are right', async ({
    browser,
    api,
  }) => {
    const survey = await plainSurvey(api);
    const held = await postViaApi(api, survey.id, unique('Held '));
    const node = await startExtraNode(process.env.E2E_DATABASE_URL!);
    const context = await browser.newContext({ baseURL: node.url });
    try {
      const page = await context.newPage();
      await blockTiles(page);
      await openAs(page, api, 'admin', `/views/data?form=${survey.id}`, ['Manage Posts']);
      const heldCard = page.locator(`.post-card[data-post-id="${held.id}"]`);
      await expect(heldCard).toBeVisible();
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      // A push through the main node reaching this browser proves its socket on the extra node is live.
      const before = await postViaApi(api, survey.id, unique('Before '));
      const banner = page.locator('.new-posts-banner');
      await expect(banner).toHaveText('1 new post');

      // The node this browser talks to dies; meanwhile the main node takes posts and a lock.
      await node.crash();
      await expect(page.locator('.connection-banner')).toContainText('Live updates are paused', RECONNECT);
      const missed = [await postViaApi(api, survey.id, unique('Missed ')), await postViaApi(api, survey.id, unique('Missed '))];
      const token = await adminToken(api);
      expect((await api.put(`/posts/${held.id}/lock`, {}, { token })).status).toBe(200);
      await shot(page, 'reconnect-offline');

      // Back up on the same port: the browser resumes from its last event id.
      await node.restart();
      await expect(page.locator('.connection-banner')).toHaveCount(0, RECONNECT);
      await expect(banner).toHaveText('3 new posts', RECONNECT);
      await expect(heldCard.locator('.post-lock-message')).toContainText('E2E Admin', RECONNECT);
      await shot(page, 'reconnect-caught-up');

      await banner.click();
      const ids = await page.locator('.post-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-post-id'))));
      expect(ids).toEqual([missed[1]!.id, missed[0]!.id, before.id, held.id]);
      await expect(page.locator('.post-count')).toHaveText('Showing 4 of 4 posts');

      // Live again after the restart: releasing the lock clears it at once.
      expect((await api.del(`/posts/${held.id}/lock`, { token })).status).toBe(200);
      await expect(heldCard.locator('.post-lock-message')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await context.close();
      await node.stop();
    }
  });
});
