import fs from 'node:fs';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { apiPost } from './posts-support';
import { expect, shot, test, unique } from './support';
import { logInAs, seriousViolations } from './settings-admin';

/** A survey with the built-in title and description, a required text field, a location and a number. */
async function importSurvey(api: Parameters<typeof apiPost>[0]) {
  const name = unique('Import target ');
  const form = await apiPost(api, '/forms', { name, require_approval: false });
  const stage = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  let priority = 0;
  const field = async (body: Record<string, unknown>) =>
    (await apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage.id, priority: ++priority, ...body })).key as string;
  await field({ label: 'Title', type: 'title', input: 'text', required: true });
  await field({ label: 'Description', type: 'description', input: 'text', required: true });
  await field({ label: 'Reporter', type: 'varchar', input: 'text', required: true });
  await field({ label: 'Place', type: 'point', input: 'location' });
  await field({ label: 'People', type: 'int', input: 'number' });
  return { id: form.id as number, name };
}

/** 30 reports; the 4th has no reporter (a required field), so its row (5, after the header) is refused. */
function reportsCsv(prefix: string): string {
  const rows = ['Headline,Body,Who,Lat,Lon,Count'];
  for (let i = 1; i <= 30; i++)
    rows.push(`${prefix} ${i},"Body of report ${i}, with a comma",${i === 4 ? '' : `Reporter ${i}`},-1.2${i},36.8${i},${i}`);
  return `${rows.join('\n')}\n`;
}

const mapColumn = (page: Page, column: string, field: string) => page.getByLabel(`Survey field: ${column}`).selectOption({ label: field });

test.describe('CSV import screens', () => {
  test.skip(!process.env.E2E_DATABASE_URL, 'holds a row lock on the e2e database to pause the import');

  test('upload, map, watch the progress live (also from a second browser), see the refused row, open the collection', async ({
    page,
    api,
    browser,
  }) => {
    const survey = await importSurvey(api);
    const prefix = unique('Imported ');
    await logInAs(page, api, 'admin', '/settings');
    await page.getByRole('link', { name: /^Import/ }).click();
    await expect(page).toHaveURL(/\/settings\/data-import$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a file and a survey' })).toBeVisible();

    // Step 1: a file, then a survey, are required.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a CSV file to import.');
    await page.getByLabel('CSV file').setInputFiles({ name: 'reports.csv', mimeType: 'text/csv', buffer: Buffer.from(reportsCsv(prefix)) });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a survey to import into.');
    await page.getByLabel('Survey to import into').selectOption({ label: survey.name });
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the checks of the mapping.
    await expect(page.getByRole('heading', { level: 2, name: 'Map the columns' })).toBeVisible();
    await expect(page.getByText(`reports.csv: 30 rows to import into ${survey.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Map at least one column to a survey field.');
    await mapColumn(page, 'Headline', 'Title');
    await mapColumn(page, 'Body', 'Title');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('These fields are chosen more than once: Title');
    await expect(page.getByRole('alert')).toContainText('Map a column to every required field: Description, Reporter');
    await shot(page, 'data-import-step2-problems');
    await mapColumn(page, 'Body', 'Description');
    await mapColumn(page, 'Who', 'Reporter');
    await mapColumn(page, 'Lat', 'Place (latitude)');
    await mapColumn(page, 'Lon', 'Place (longitude)');
    await expect(page.getByRole('region', { name: 'Survey fields left unmapped' })).toHaveText(/People/);
    await page.getByLabel('Status', { exact: true }).selectOption('published');

    // The job waits for the survey's row (its posts' foreign key) while another transaction holds
    // it: the import stays at its start until the lock goes, so its progress can be watched.
    const holder = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await holder.connect();
    let second: Awaited<ReturnType<typeof browser.newContext>> | null = null;
    try {
      await holder.query('begin');
      await holder.query('select id from forms where id = $1 for update', [survey.id]);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/data-after-import\?import=\d+$/);
      const importId = Number(new URL(page.url()).searchParams.get('import'));
      await expect(page.getByRole('heading', { level: 1, name: 'Importing reports.csv' })).toBeVisible();
      await expect(page.getByText('0 of 30 rows done')).toBeVisible();
      await expect(page.getByText('0 rows refused so far')).toBeVisible();
      await shot(page, 'data-after-import-running');

      // A second administrator opens the page of the same import and sees the same progress.
      second = await browser.newContext();
      const other = await second.newPage();
      await logInAs(other, api, 'admin', `/settings/data-after-import?import=${importId}`);
      await expect(other.getByRole('heading', { level: 1, name: 'Importing reports.csv' })).toBeVisible();
      await expect(other.getByText('0 of 30 rows done')).toBeVisible();

      // Cancel asks first; keeping it going changes nothing.
      await page.getByRole('button', { name: 'Cancel import' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this import?' });
      await expect(confirm).toContainText('Are you sure you want to cancel this import?');
      await confirm.getByRole('button', { name: 'Keep importing' }).click();
      await expect(confirm).toHaveCount(0);

      await holder.query('commit');
      // Both pages end on the completion through pushed events.
      for (const p of [page, other]) {
        await expect(p.getByRole('heading', { level: 1, name: 'Import complete' })).toBeVisible({ timeout: 30_000 });
        await expect(p.getByText('30 of 30 rows done')).toBeVisible();
        await expect(p.getByText('Posts imported: 29. Rows refused: 1.')).toBeVisible();
      }
      await shot(other, 'data-after-import-second-admin');
    } finally {
      await holder.end();
      await second?.close();
    }

    // The refused row with its reason, and its report as a download.
    const refused = page.getByRole('region', { name: 'Refused rows' });
    await expect(refused.getByRole('row').nth(1)).toHaveText(/5\s*Who\s*attribute Reporter is required/);
    await shot(page, 'data-after-import-complete');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      refused.getByRole('button', { name: 'Download the refused rows (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reports-errors.csv');
    const report = fs.readFileSync((await download.path())!, 'utf8');
    expect(report).toContain('5,Who,attribute Reporter is required');

    // The collection holds the imported posts.
    await page.getByRole('link', { name: 'Open the collection of imported posts' }).click();
    await expect(page).toHaveURL(/\/collections\/\d+/);
    await expect(page.getByText(`${prefix} 30`, { exact: true }).first()).toBeVisible();
    await shot(page, 'data-import-collection');

    // Import another goes back to step 1.
    await page.goBack();
    await page.getByRole('button', { name: 'Import another file' }).click();
    await expect(page).toHaveURL(/\/settings\/data-import$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a file and a survey' })).toBeVisible();
  });

  test('cancelling step 2 asks first, then deletes the upload and returns to step 1', async ({ page, api }) => {
    const survey = await importSurvey(api);
    await logInAs(page, api, 'admin', '/settings/data-import');
    await page.getByLabel('CSV file').setInputFiles({ name: 'drop.csv', mimeType: 'text/csv', buffer: Buffer.from(reportsCsv('Dropped')) });
    await page.getByLabel('Survey to import into').selectOption({ label: survey.name });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('drop.csv uploaded: now map its columns.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await page.getByRole('dialog', { name: 'Cancel this import?' }).getByRole('button', { name: 'Cancel import' }).click();
    await expect(page.getByText('The import was cancelled')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a file and a survey' })).toBeVisible();
  });
});
