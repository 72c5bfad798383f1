import { mappedPost, mappedSurvey } from './map-support';
import { openAs } from './settings-session';
import { expect, shot, test, turnViewOff, unique } from './support';

test.describe('activity page', () => {
  test('draws the by-volume chart, the survey tables, and no-data states for a range without posts', async ({ page, api }) => {
    const survey = await mappedSurvey(api, '#aa3300', 'Activity ');
    for (let i = 0; i < 3; i++) await mappedPost(api, survey, unique('Counted '), 1 + i, 1 + i);
    await openAs(page, api, 'admin', '/activity');

    const volume = page.getByRole('region', { name: 'Activity by volume' });
    const chart = volume.getByRole('img', { name: 'Activity by volume chart' });
    await expect(chart.locator('canvas')).toBeVisible();
    expect((await chart.boundingBox())?.height).toBe(450);
    // Posts made by this run were all created today: one bucket, fewer than the three points a line needs.
    const overTime = page.getByRole('region', { name: 'Activity over time' });
    await expect(overTime.locator('.activity-chart')).toBeVisible();
    expect((await overTime.locator('.activity-chart').boundingBox())?.height).toBe(450);
    await expect(overTime.locator('.activity-chart canvas, .activity-chart-empty[data-state="empty"]')).toBeVisible();

    const crowd = page.getByRole('region', { name: 'Crowdsourced survey activity', exact: true });
    const row = crowd.getByRole('row', { name: new RegExp(survey.name) });
    await expect(row.getByRole('cell').first()).toHaveText('3');
    await shot(page, 'activity');

    // A custom range long before the posts: both charts say there is no data.
    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByLabel('Start date').fill('2001-01-01');
    await page.getByLabel('End date').fill('2001-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('2001-01-01 to 2001-01-31')).toBeVisible();
    await expect(volume.getByText('No data')).toBeVisible();
    await expect(overTime.getByText('No data')).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText('0');
    await shot(page, 'activity-empty');

    // This month and this week hold today's posts.
    await page.getByRole('radio', { name: 'This month' }).check();
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText('3');
    await page.getByRole('radio', { name: 'This week' }).check();
    await expect(row.getByRole('cell').first()).toHaveText('3');
    await page.getByRole('radio', { name: 'All time' }).check();
    await expect(chart.locator('canvas')).toBeVisible();

    // On a phone the survey table scrolls inside its card, by keyboard too, and the page does not.
    await page.setViewportSize({ width: 390, height: 800 });
    const table = crowd.getByRole('region', { name: 'Crowdsourced survey activity table' });
    await expect(table).toBeVisible();
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await shot(page, 'activity-phone');

    // On a laptop the tables take the whole row: every column shows, in the longer languages too.
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [language, title] of [
      ['es', 'Tabla de Actividad de encuestas colaborativas'],
      ['ar', 'جدول نشاط استبيانات التعهيد الجماعي'],
    ] as const) {
      await page.locator('.language-picker select').selectOption(language);
      const wide = page.getByRole('region', { name: title });
      await expect(wide).toBeVisible();
      expect(await wide.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await shot(page, `activity-tables-${language}`);
    }
  });

  test('visitors see the charts without the survey tables; a plan without the view shows the notice', async ({ page }) => {
    await page.goto('/activity');
    await expect(page.getByRole('region', { name: 'Activity by volume' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Crowdsourced survey activity', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Targeted survey activity', exact: true })).toHaveCount(0);

    // The features config turns the activity view off (spec 2 section 6).
    await turnViewOff(page, 'activity');
    await page.reload();
    await expect(page.getByText("The Activity view isn't available on your current plan.")).toBeVisible();
    await expect(page.locator('.activity-chart')).toHaveCount(0);
    // The notice offers the way to a plan that has the view (spec 2 screen 22).
    await expect(page.locator('.view-unavailable').getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/plan');
    await shot(page, 'activity-unavailable');
  });
});
