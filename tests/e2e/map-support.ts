import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { adminToken, expect, unique } from './support';

let token: Promise<string> | null = null;

/** POST as the administrator with one token per worker: seeding many posts needs no new login each time. */
export async function apiPost(api: ApiClient, path: string, body: unknown): Promise<Record<string, any>> {
  token ??= adminToken(api);
  let res = await api.post(path, body, { token: await token });
  if (res.status === 401) {
    // The token ended (another test logged the administrator out everywhere): log in again.
    token = adminToken(api);
    res = await api.post(path, body, { token: await token });
  }
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, any>;
}

export type MappedSurvey = { id: number; name: string; point: string; color: string; stage: number };

/** A survey with a title, a description and a location field, made through the API. */
export async function mappedSurvey(api: ApiClient, color = '#2a7ab0', prefix = 'Mapped '): Promise<MappedSurvey> {
  const name = unique(prefix);
  const form = await apiPost(api, '/forms', { name, color, require_approval: false });
  const stage = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  const field = (body: Record<string, unknown>) => apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage.id, ...body });
  await field({ label: 'Title', type: 'title', input: 'text', priority: 1 });
  await field({ label: 'Description', type: 'description', input: 'text', priority: 2 });
  const point = await field({ label: 'Where', type: 'point', input: 'location', priority: 3 });
  return { id: form.id as number, name, point: point.key as string, color, stage: stage.id as number };
}

/** A published post at a point (as the administrator). */
export async function mappedPost(api: ApiClient, survey: MappedSurvey, title: string, lat: number, lon: number): Promise<number> {
  const post = await apiPost(api, '/posts', {
    form_id: survey.id,
    title,
    content: `Content of ${title}, seen at ${lat},${lon}.`,
    status: 'published',
    values: { [survey.point]: [{ lat, lon }] },
  });
  return post.id as number;
}

/** The posts map region, once its world outline is drawn. */
export async function readyMap(page: Page) {
  const map = page.getByRole('region', { name: 'Map of posts' });
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  return map;
}

/** Clicks clusters until `count` single markers show, or gives up after a few zooms. */
export async function zoomUntilMarkers(page: Page, count: number): Promise<void> {
  const markers = page.locator('.map-marker');
  for (let i = 0; i < 6; i++) {
    try {
      await expect(markers).toHaveCount(count, { timeout: 2500 });
      return;
    } catch {
      const cluster = page.locator('.map-cluster').first();
      if ((await cluster.count()) > 0) await cluster.click({ timeout: 5000 }).catch(() => undefined);
    }
  }
  await expect(markers).toHaveCount(count);
}
