import { expect } from 'vitest';
import type { ApiResponse } from './api';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './factories';
import { PNG_1X1 } from './images';
import type { TestServer } from './server';
import { expectStatus, newAttribute, newForm, newStage, newTag } from './surveys';

/** Every caller the post rules tell apart (API-CONTRACT 8.5, 17). */
export type PostCallers = {
  admin: string;
  /** Manage Posts, without Delete Posts. */
  manager: TestUser;
  /** Manage Posts and Delete Posts. */
  deleter: TestUser;
  /** A member (role `user`: Edit their own posts, Delete Their Own Posts). */
  member: TestUser;
  other: TestUser;
  /** A member of a custom role without permissions, for `published_to` and `can_create`. */
  ranger: TestUser;
  rangerRole: string;
  client: string;
};

export async function makePostCallers(server: TestServer): Promise<PostCallers> {
  const rangerRole = await createRole(server, [], unique('ranger'));
  return {
    admin: await adminToken(server),
    manager: await createUser(server, { role: await createRole(server, ['Manage Posts']) }),
    deleter: await createUser(server, { role: await createRole(server, ['Manage Posts', 'Delete Posts']) }),
    member: await createUser(server),
    other: await createUser(server),
    ranger: await createUser(server, { role: rangerRole }),
    rangerRole,
    client: await tokenFor(server, null),
  };
}

/** Field keys of `fullSurvey`, one per builder field type (spec 3 section 3). */
export type FieldKeys = {
  title: string;
  description: string;
  varchar: string;
  text: string;
  decimal: string;
  int: string;
  point: string;
  date: string;
  datetime: string;
  select: string;
  radio: string;
  checkbox: string;
  relation: string;
  media: string;
  video: string;
  markdown: string;
  tags: string;
  link: string;
  /** A private response (post task). */
  secret: string;
  /** A private location (post task). */
  secretPlace: string;
  /** A field of the internal task. */
  internal: string;
  /** A required field of the review task. */
  reviewNote: string;
};

export type FullSurvey = {
  form: { id: number; name: string } & Record<string, any>;
  postStage: number;
  /** Internal task, not shown once published either: hidden from non-managers. */
  internalStage: number;
  /** Public task with a required field. */
  reviewStage: number;
  keys: FieldKeys;
  labels: Record<keyof FieldKeys, string>;
  tag: { id: number };
  otherTag: { id: number };
};

/** A survey with one field of every type, a private field, an internal task and a public task. */
export async function fullSurvey(server: TestServer, admin: string, formBody: Record<string, unknown> = {}): Promise<FullSurvey> {
  const form = await newForm(server, admin, { require_approval: false, color: '#aa3300', ...formBody });
  const postStage = (await newStage(server, admin, form.id, { label: 'Post', type: 'post', priority: 0 })).id;
  const internalStage = (
    await newStage(server, admin, form.id, {
      label: 'Internal',
      type: 'task',
      priority: 1,
      task_is_internal_only: true,
      show_when_published: false,
    })
  ).id;
  const reviewStage = (
    await newStage(server, admin, form.id, {
      label: 'Review',
      type: 'task',
      priority: 2,
      task_is_internal_only: false,
      show_when_published: true,
    })
  ).id;
  const tag = await newTag(server, admin);
  const otherTag = await newTag(server, admin);
  const specs: Record<keyof FieldKeys, Record<string, unknown>> = {
    title: { type: 'title', input: 'text', label: 'Title', required: true },
    description: { type: 'description', input: 'text', label: 'Description', required: true },
    varchar: { type: 'varchar', input: 'text', label: 'Short text' },
    text: { type: 'text', input: 'textarea', label: 'Long text' },
    decimal: { type: 'decimal', input: 'number', label: 'Decimal' },
    int: { type: 'int', input: 'number', label: 'Count' },
    point: { type: 'point', input: 'location', label: 'Location', cardinality: 0 },
    date: { type: 'datetime', input: 'date', label: 'Day' },
    datetime: { type: 'datetime', input: 'datetime', label: 'Moment' },
    select: { type: 'varchar', input: 'select', label: 'Pick', options: ['red', 'blue'] },
    radio: { type: 'varchar', input: 'radio', label: 'Choose', options: ['yes', 'no'] },
    checkbox: { type: 'varchar', input: 'checkbox', label: 'Ticks', options: ['a', 'b', 'c'] },
    relation: { type: 'relation', input: 'relation', label: 'Related' },
    media: { type: 'media', input: 'upload', label: 'Photo', config: { hasCaption: true } },
    video: { type: 'varchar', input: 'video', label: 'Video' },
    markdown: { type: 'markdown', input: 'markdown', label: 'Notes' },
    tags: { type: 'tags', input: 'tags', label: 'Categories', options: [tag.id, otherTag.id] },
    link: { type: 'link', input: 'text', label: 'Link' },
    secret: { type: 'varchar', input: 'text', label: 'Phone', response_private: true },
    secretPlace: { type: 'point', input: 'location', label: 'Home address', response_private: true },
    internal: { type: 'varchar', input: 'text', label: 'Triage', form_stage_id: internalStage },
    reviewNote: { type: 'varchar', input: 'text', label: 'Review note', required: true, form_stage_id: reviewStage },
  };
  const keys = {} as FieldKeys;
  const labels = {} as Record<keyof FieldKeys, string>;
  let priority = 1;
  for (const [name, spec] of Object.entries(specs) as Array<[keyof FieldKeys, Record<string, unknown>]>) {
    const attribute = await newAttribute(server, admin, form.id, postStage, { priority: priority++, ...spec });
    keys[name] = attribute.key;
    labels[name] = spec.label as string;
  }
  return { form, postStage, internalStage, reviewStage, keys, labels, tag, otherTag };
}

/** A minimal valid post body for a survey. */
export const postBody = (formId: number | null, extra: Record<string, unknown> = {}) => ({
  title: unique('Post '),
  content: 'Something happened here',
  ...(formId === null ? {} : { form: { id: formId } }),
  ...extra,
});

export async function createPost(server: TestServer, token: string, body: Record<string, unknown>) {
  const res = await server.api.post('/posts', body, { token });
  expectStatus(res, 200);
  return res.body as { id: number } & Record<string, any>;
}

/** Inserts a post straight into the table (for states a caller could not reach, or many rows fast). */
export async function insertPost(server: TestServer, values: Record<string, unknown>): Promise<number> {
  const row = await server.ctx.db
    .insertInto('posts')
    .values({ title: unique('Raw '), content: 'raw', ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function uploadImage(server: TestServer, token?: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'photo.png');
  const res = await server.api.request('POST', `${server.url}/api/v3/media`, { raw: form, token });
  expectStatus(res, 200);
  return res.body.id as number;
}

/** A 422 whose `/values` entry carries this message (all value errors share the pointer). */
export function expectValueError(res: ApiResponse, message: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer: '/values' } });
}
