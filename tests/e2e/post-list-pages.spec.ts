import { blockTiles, plainSurvey } from './posts-support';
import { expect, onE2eDatabase, shot, test, unique } from './support';

const TOTAL = 65;

test.describe('data view page sizes (spec 2 section 9)', () => {
  test('a visitor who picks 50 posts per page sees 50, then the rest, though the server answers 20 at a time', async ({ page, api }) => {
    test.skip(!process.env.E2E_DATABASE_URL, 'needs the e2e server on a Postgres server (TEST_DATABASE_URL)');
    await blockTiles(page);
    const survey = await plainSurvey(api);
    const prefix = unique('Paged ');
    const title = (n: number) => `${prefix} ${String(n).padStart(2, '0')}`;
    // Many published posts at once, one second apart so the list order is known: number 1 is newest.
    await onE2eDatabase((db) =>
      db.query(
        `insert into posts (form_id, title, content, status, created)
         select $1, $2 || ' ' || lpad(n::text, 2, '0'), 'Content', 'published', now() - n * interval '1 second'
         from generate_series(1, $3::int) as n`,
        [survey.id, prefix, TOTAL],
      ),
    );
    const limits: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v3/posts') limits.push(Number(url.searchParams.get('limit')));
    });

    await page.goto(`/views/data?form=${survey.id}`);
    const cards = page.locator('.post-card');
    const count = page.getByRole('status').filter({ hasText: /^Showing/ });
    await expect(cards).toHaveCount(20);
    await expect(count).toHaveText(`Showing 20 of ${TOTAL} posts`);

    await page.getByLabel('Posts per page').selectOption('50');
    await expect(cards).toHaveCount(50);
    await expect(count).toHaveText(`Showing 50 of ${TOTAL} posts`);
    const titles = page.locator('.post-card-title');
    await expect(titles).toHaveText(Array.from({ length: 50 }, (_, i) => title(i + 1)));
    await shot(page, 'post-list-pages-50');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(TOTAL);
    await expect(titles).toHaveText(Array.from({ length: TOTAL }, (_, i) => title(i + 1)));
    await expect(count).toHaveText(`Showing ${TOTAL} of ${TOTAL} posts`);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The server's cap for visitors (API-CONTRACT 8.4) is respected, not raised.
    expect(Math.max(...limits)).toBeLessThanOrEqual(20);
  });
});
