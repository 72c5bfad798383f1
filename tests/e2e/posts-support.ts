import type { Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { adminToken, expect, unique } from './support';

type Json = Record<string, any>;

export async function apiPost(api: ApiClient, path: string, body: unknown): Promise<Json> {
  const res = await api.post(path, body, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as Json;
}

export async function apiGet(api: ApiClient, path: string): Promise<Json> {
  const res = await api.get(path, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as Json;
}

/** Labels of the fields of `everyFieldSurvey`, as the editor shows them. */
export const FIELD = {
  reporter: 'Reporter',
  witnesses: 'Witnesses',
  notes: 'Notes',
  details: 'Details',
  people: 'People affected',
  depth: 'Water depth',
  day: 'Day seen',
  moment: 'Moment',
  kind: 'Kind',
  urgency: 'Urgency',
  damage: 'Damage',
  topics: 'Topics',
  place: 'Place',
  video: 'Video',
  related: 'Related post',
  photo: 'Photo',
  checked: 'Checked by',
} as const;

export type EverySurvey = {
  id: number;
  name: string;
  keys: Record<keyof typeof FIELD, string>;
  parentTag: { id: number; tag: string };
  childTag: { id: number; tag: string };
  reviewStage: number;
};

/**
 * A survey with one field of every input type (spec 3 section 3), made through the API: the post
 * task holds them all (Reporter required), and a Review task holds one more (required once the
 * task is completed).
 */
export async function everyFieldSurvey(api: ApiClient): Promise<EverySurvey> {
  const name = unique('Every field ');
  const form = await apiPost(api, '/forms', {
    name,
    description: 'A survey with every field type',
    color: '#aa3300',
    require_approval: false,
  });
  const main = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  const review = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Review', type: 'task', priority: 1 });
  const parentTag = await apiPost(api, '/tags', { tag: unique('Water ') });
  const childTag = await apiPost(api, '/tags', { tag: unique('Wells '), parent_id: parentTag.id });
  let priority = 0;
  const field = async (stage: number, body: Json): Promise<string> =>
    (await apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage, priority: ++priority, ...body })).key as string;
  await field(main.id, { label: 'Title', type: 'title', input: 'text', required: true });
  await field(main.id, { label: 'Description', type: 'description', input: 'text', required: true });
  const keys = {
    reporter: await field(main.id, { label: FIELD.reporter, type: 'varchar', input: 'text', required: true }),
    witnesses: await field(main.id, { label: FIELD.witnesses, type: 'varchar', input: 'text', cardinality: 2 }),
    notes: await field(main.id, { label: FIELD.notes, type: 'text', input: 'textarea' }),
    details: await field(main.id, { label: FIELD.details, type: 'markdown', input: 'markdown' }),
    people: await field(main.id, { label: FIELD.people, type: 'int', input: 'number' }),
    depth: await field(main.id, { label: FIELD.depth, type: 'decimal', input: 'number' }),
    day: await field(main.id, { label: FIELD.day, type: 'datetime', input: 'date' }),
    moment: await field(main.id, { label: FIELD.moment, type: 'datetime', input: 'datetime' }),
    kind: await field(main.id, { label: FIELD.kind, type: 'varchar', input: 'select', options: ['Flood', 'Fire'] }),
    urgency: await field(main.id, { label: FIELD.urgency, type: 'varchar', input: 'radio', options: ['Low', 'High'] }),
    damage: await field(main.id, { label: FIELD.damage, type: 'varchar', input: 'checkbox', options: ['Roads', 'Power', 'Homes'] }),
    topics: await field(main.id, { label: FIELD.topics, type: 'tags', input: 'tags', options: [parentTag.id, childTag.id] }),
    place: await field(main.id, { label: FIELD.place, type: 'point', input: 'location' }),
    video: await field(main.id, { label: FIELD.video, type: 'varchar', input: 'video' }),
    related: await field(main.id, { label: FIELD.related, type: 'relation', input: 'relation' }),
    photo: await field(main.id, { label: FIELD.photo, type: 'media', input: 'upload', config: { hasCaption: true } }),
    checked: await field(review.id, { label: FIELD.checked, type: 'varchar', input: 'text', required: true }),
  };
  return {
    id: form.id as number,
    name,
    keys,
    parentTag: parentTag as EverySurvey['parentTag'],
    childTag: childTag as EverySurvey['childTag'],
    reviewStage: review.id as number,
  };
}

/** A published post made through the API (as the administrator). */
export async function postViaApi(api: ApiClient, formId: number, title: string, values: Json = {}): Promise<Json> {
  return apiPost(api, '/posts', { form_id: formId, title, content: `Content of ${title}`, status: 'published', values });
}

/** A plain survey (title and description only) for posts that need nothing else. */
export async function plainSurvey(api: ApiClient): Promise<{ id: number; name: string }> {
  const name = unique('Plain ');
  const form = await apiPost(api, '/forms', { name, require_approval: false });
  const main = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
  await apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: main.id, label: 'Title', type: 'title', input: 'text', priority: 1 });
  await apiPost(api, `/forms/${form.id}/attributes`, {
    form_stage_id: main.id,
    label: 'Description',
    type: 'description',
    input: 'text',
    priority: 2,
  });
  return { id: form.id as number, name };
}

import { PNG_1X1 } from '../integration/helpers/images';

export const PNG = PNG_1X1;

/** Tile servers are unreachable in tests: answer at once instead of waiting for a timeout. */
export async function blockTiles(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
}

/** The editor's field set for a label (a `fieldset` whose legend is the label). */
export const fieldset = (page: Page, label: string) =>
  page.locator('fieldset.post-field').filter({ has: page.locator('legend', { hasText: label }) });

/** An image uploaded through the API, with a caption; its media id. */
export async function uploadViaApi(api: ApiClient, baseURL: string, caption: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'photo.png');
  form.append('caption', caption);
  const res = await api.request('POST', `${baseURL}/api/v3/media`, { raw: form, token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body.id as number;
}
