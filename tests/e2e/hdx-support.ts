import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { apiPost } from './map-support';
import { expect, unique } from './support';

/** The local exchange global-setup started: the settings-hdx spec holds and releases its uploads. */
const ckanUrl = () => {
  const url = process.env.E2E_CKAN_URL;
  if (!url) throw new Error('E2E_CKAN_URL is not set: global-setup starts the local exchange');
  return url;
};

export const exchange = {
  url: ckanUrl,
  /** resource_create requests made with CKAN_HOLD_KEY, waiting for `release`. */
  held: async () => ((await (await fetch(`${ckanUrl()}/__control/held`)).json()) as { held: number }).held,
  release: async () => {
    const res = await fetch(`${ckanUrl()}/__control/release`, { method: 'POST' });
    expect(res.status).toBe(200);
  },
};

/**
 * A survey with a text field and a number field, and one published post (`marker` its title) filling
 * both; `filters` names the survey and the title.
 */
export async function taggableSurvey(api: ApiClient) {
  const name = unique('Tagged survey ');
  const form = await apiPost(api, '/forms', { name, require_approval: false });
  const stage = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  const field = (body: Record<string, unknown>) => apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage.id, ...body });
  const district = await field({ label: unique('District '), type: 'varchar', input: 'text', priority: 1 });
  const affected = await field({ label: unique('People affected '), type: 'int', input: 'number', priority: 2 });
  const marker = unique('Tagged ');
  await apiPost(api, '/posts', {
    form_id: form.id,
    title: marker,
    content: 'From the field',
    status: 'published',
    values: { [district.key as string]: ['Kisumu'], [affected.key as string]: [42] },
  });
  // The filters of a data view showing this survey's posts with that title, as its links carry them.
  const filters = `form=${form.id as number}&q=${encodeURIComponent(marker)}`;
  return { name, marker, filters, district: district.label as string, affected: affected.label as string };
}

/** Fills the dataset form of /settings/hdx-details in English and submits it. */
export async function describeDataset(page: Page, title: string, organisation: string) {
  await page.getByLabel('Dataset title').fill(title);
  await page.getByRole('textbox', { name: 'Source' }).fill('Community reporters');
  await page.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: organisation });
  await page.getByRole('combobox', { name: 'License' }).selectOption({ label: 'Creative Commons Attribution International (CC BY)' });
  await page.getByRole('button', { name: 'Upload to the exchange' }).click();
}
