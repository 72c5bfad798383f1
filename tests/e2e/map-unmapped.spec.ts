import { apiPost, mappedPost, mappedSurvey, readyMap } from './map-support';
import { blockTiles } from './posts-support';
import { expect, shot, test, unique } from './support';

test.describe('posts without a location on the map', () => {
  test('the map counts them, recounts when one comes in, and opens them in the data view', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#8a5a00', 'Unmapped ');
    // A second location field: a post with a place in each is still one post on the map.
    const also = await apiPost(api, `/forms/${survey.id}/attributes`, {
      form_stage_id: survey.stage,
      label: 'Also seen at',
      type: 'point',
      input: 'location',
      priority: 4,
    });
    const twice = unique('Twice ');
    await apiPost(api, '/posts', {
      form_id: survey.id,
      title: twice,
      content: 'Seen in two places.',
      status: 'published',
      values: { [survey.point]: [{ lat: -1.2864, lon: 36.8172 }], [also.key as string]: [{ lat: -4.0435, lon: 39.6682 }] },
    });
    await mappedPost(api, survey, unique('Once '), 0.5, 35);
    const nowhere = [unique('Nowhere '), unique('Nowhere else ')];
    const unmapped = (title: string) =>
      apiPost(api, '/posts', { form_id: survey.id, title, content: 'No place given.', status: 'published' });
    await unmapped(nowhere[0]!);

    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    await expect(page.getByRole('status').filter({ hasText: 'on the map' })).toHaveText('2 posts on the map');
    await expect(page.getByRole('link', { name: '1 post without a location' })).toBeVisible();
    // Counted again when a post comes in (pushed), as the sidebar's counts are.
    await unmapped(nowhere[1]!);
    const link = page.getByRole('link', { name: '2 posts without a location' });
    await expect(link).toBeVisible();
    await shot(page, 'map-unmapped');

    await link.click();
    await expect(page).toHaveURL(/\/views\/data\?/);
    const address = new URL(page.url()).searchParams;
    expect([address.get('form'), address.get('has_location')]).toEqual([String(survey.id), 'unmapped']);
    for (const title of nowhere) await expect(page.locator('.post-card', { hasText: title })).toBeVisible();
    await expect(page.locator('.post-card', { hasText: twice })).toHaveCount(0);
    await shot(page, 'map-unmapped-data');

    // In Arabic on a phone the count stays on the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/views/map?form=${survey.id}`);
    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.getByRole('status').filter({ hasText: 'على الخريطة' })).toHaveText('منشوران على الخريطة');
    const arabic = page.getByRole('link', { name: 'منشوران بلا موقع' });
    await expect(arabic).toBeVisible();
    const box = (await arabic.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, 'map-unmapped-ar-phone');
  });
});
