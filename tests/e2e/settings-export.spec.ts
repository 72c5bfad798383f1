import fs from 'node:fs';
import path from 'node:path';
import { apiPost } from './map-support';
import { expect, test, unique } from './support';
import { logInAs, seriousViolations } from './settings-admin';

test.describe('data export settings', () => {
  test('exports the selected fields of the filtered posts, follows it live, downloads the file and lists it in the history', async ({
    page,
    api,
  }) => {
    const name = unique('Export survey ');
    const form = await apiPost(api, '/forms', { name, require_approval: false });
    const stage = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
    const field = (body: Record<string, unknown>) => apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage.id, ...body });
    await field({ label: 'Title', type: 'title', input: 'text', priority: 1 });
    const district = await field({ label: unique('District '), type: 'varchar', input: 'text', priority: 2 });
    const where = await field({ label: unique('Where '), type: 'point', input: 'location', priority: 3 });
    const marker = unique('Exported ');
    for (const [i, value] of ['Kibera', '=HYPERLINK("http://evil")'].entries())
      await apiPost(api, '/posts', {
        form_id: form.id,
        title: `${marker} ${i}`,
        content: 'From the field',
        status: 'published',
        values: { [district.key as string]: [value], [where.key as string]: [{ lat: -1.3, lon: 36.8 }] },
      });

    // The current filters travel in the address, as the data view links them.
    await logInAs(page, api, 'admin', `/settings/data-export?form=${form.id as number}&q=${encodeURIComponent(marker)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    // The statuses exported are named as everywhere else, in the reader's language.
    await expect(page.getByText('Posts with status: Published and Under review, within the current filters.')).toBeVisible();

    await page.getByLabel('Selected fields').check();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Uh oh... you need to select some fields to export first.');

    const survey = page.getByRole('group', { name });
    // The filters name this survey: the fields of no other could be in the file.
    await expect(page.locator('fieldset.export-survey')).toHaveCount(1);
    await survey.getByLabel(district.label as string).check();
    await survey.getByLabel(where.label as string).check();
    // HXL tags have their own page (settings-hdx.spec.ts): this form offers none.
    await expect(page.getByRole('textbox', { name: /HXL/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Export', exact: true }).click();

    const download = page.getByRole('link', { name: 'Download' });
    await expect(page.getByText('Your export of 2 posts is ready.')).toBeVisible();
    await expect(download).toBeVisible();
    fs.mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: path.join('test-results', 'settings-export-ready.png'), fullPage: true });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [labels, ...rows] = text.trim().split('\r\n');
    expect(labels).toBe(
      `Post ID,Survey,Post Status,Created (UTC),Updated (UTC),Post Date (UTC),Title,Description,${district.label as string},${where.label as string}.lat,${where.label as string}.lon`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).toContain(`${marker} 0`);
    expect(rows.join('\n')).toContain(',Kibera,-1.3,36.8');
    // The formula cell is written as text.
    expect(rows.join('\n')).toContain(`"'=HYPERLINK(""http://evil"")"`);

    await page.getByRole('tab', { name: 'Export history' }).click();
    const history = page.getByRole('table');
    await expect(history.getByRole('row').nth(1)).toContainText('Finished');
    await expect(history.getByRole('row').nth(1).getByRole('link', { name: 'Download' })).toBeVisible();
    await page.screenshot({ path: path.join('test-results', 'settings-export-history.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
