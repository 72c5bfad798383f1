import { z } from 'zod';
import { NAME_MAX, POST_STATUSES } from '../constants';
import { LIMIT_TITLES } from '../errors';
import { RefSchema } from './common';
import { idField } from './field-rules';
import { parseDateInput } from './post-dates';
import { LockHolderSchema } from './post-locks';

export const POST_TITLE_MIN = 2;
export const POST_TITLE_MAX = 150;
export const POST_LOCALE_MAX = 5;
export const POST_DEFAULT_LOCALE = 'en_us';
export const AUTHOR_REALNAME_MAX = NAME_MAX;

/**
 * Post messages: the spec's texts where it has them (title 2..150, 'Description cannot be empty',
 * spec 2 section 5), v3's words otherwise (resources/lang/en/post.php, API-CONTRACT 8.3, 8.5).
 */
export const PostMessages = {
  titleRequired: 'The title is required',
  titleInvalid: 'The title must be text',
  titleTooShort: `The title must be at least ${POST_TITLE_MIN} characters long`,
  titleTooLong: `The title must not exceed ${POST_TITLE_MAX} characters long`,
  contentRequired: 'Description cannot be empty',
  contentInvalid: 'The description must be text',
  statusInvalid: `status must be one of ${POST_STATUSES.join(', ')}`,
  postDateInvalid: 'post_date must be a date',
  localeInvalid: `locale must be text of at most ${POST_LOCALE_MAX} characters`,
  formInvalid: 'form_id must be a survey id',
  formMissing: (id: number) => `form_id ${id} does not exist`,
  userInvalid: 'user_id must be a user id',
  userMissing: (id: number) => `user_id ${id} does not exist`,
  userWithAuthor: 'user_id cannot be combined with author_realname or author_email',
  parentInvalid: 'parent_id must be a post id',
  parentMissing: (id: number) => `parent_id ${id} does not exist`,
  parentUnreadable: (id: number) => `parent_id ${id} is a post you may not read`,
  authorNameInvalid: 'author_realname must be text',
  authorNameTooLong: `author_realname must not exceed ${AUTHOR_REALNAME_MAX} characters long`,
  authorEmailInvalid: 'author_email must be a valid email address',
  publishedToInvalid: 'published_to must be a list of role names',
  publishedToMissing: (role: string) => `The role you are publishing to "${role}" does not exist`,
  completedStagesInvalid: 'completed_stages must be a list of task ids',
  stageMissing: (id: number) => `Stage "${id}" does not exist`,
  stageRequired: (label: string) => `Stage "${label}" is required before publishing`,
  tagsInvalid: 'tags must be a list of category ids or names',
  tagMissing: (tag: string | number) => `category ${tag} does not exist`,
  slugInvalid: 'slug must be text',
  needsApproval: 'Post needs approval by an administrator before it can be published',
  onlyAdminUnpublishes: 'Post can only be unpublished by an administrator',
  /** The client maps this title to "You have reached the limit of published Posts for your plan." */
  limitReached: LIMIT_TITLES.posts,
} as const;
const M = PostMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

/** `{id}`, an id or null, as relations are written (`form`, `user`, `parent`). */
const refId = (value: unknown): unknown => (typeof value === 'object' && value !== null ? ((value as { id?: unknown }).id ?? null) : value);

/**
 * Write aliases of API-CONTRACT 8.3: `form` / `form.id` -> `form_id`, `user` / `user.id` ->
 * `user_id`, `parent` -> `parent_id`. Unknown fields are dropped by the object schemas.
 */
export function withPostAliases(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = { ...(body as Record<string, unknown>) };
  for (const [alias, field] of [
    ['form', 'form_id'],
    ['user', 'user_id'],
    ['parent', 'parent_id'],
  ] as const) {
    if (record[field] === undefined && record[alias] !== undefined) record[field] = refId(record[alias]);
  }
  return record;
}

export const PostTitleField = z
  .string({ error: (iss) => (missing(iss) ? M.titleRequired : M.titleInvalid) })
  .trim()
  .min(1, M.titleRequired)
  .min(POST_TITLE_MIN, M.titleTooShort)
  .max(POST_TITLE_MAX, M.titleTooLong);

export const PostContentField = z
  .string({ error: (iss) => (missing(iss) ? M.contentRequired : M.contentInvalid) })
  .refine((v) => v.trim().length > 0, M.contentRequired);

const nullableId = (message: string) => z.union([idField(message), z.null()], { error: message });
const emptyAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const nullAsEmptyList = (v: unknown) => (v === null ? [] : v);

/** `post_date`: any date strtotime understood, or epoch seconds (API-CONTRACT 8.3). */
export const PostDateField = z.union([z.string(), z.number()], { error: M.postDateInvalid }).transform((value, ctx) => {
  const date = parseDateInput(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: M.postDateInvalid });
    return z.NEVER;
  }
  return date;
});

/** `values`: attribute key -> array; PHP clients send `[]` for "no values". */
export const PostValuesField = z.preprocess(
  (v) => (v === null || (Array.isArray(v) && v.length === 0) ? {} : v),
  z.record(z.string(), z.unknown(), { error: 'values must be an object keyed by field key' }),
);

const TagRef = z.union([idField(M.tagsInvalid), z.string().trim().min(1, M.tagsInvalid).max(255, M.tagsInvalid)], { error: M.tagsInvalid });

const postFields = {
  form_id: nullableId(M.formInvalid).optional(),
  user_id: nullableId(M.userInvalid).optional(),
  parent_id: nullableId(M.parentInvalid).optional(),
  status: z.enum(POST_STATUSES, { error: M.statusInvalid }).optional(),
  post_date: PostDateField.optional(),
  locale: z
    .string({ error: M.localeInvalid })
    .trim()
    .min(1, M.localeInvalid)
    .max(POST_LOCALE_MAX, M.localeInvalid)
    .toLowerCase()
    .optional(),
  slug: z.string({ error: M.slugInvalid }).trim().max(255, M.slugInvalid).optional(),
  values: PostValuesField.optional(),
  completed_stages: z
    .preprocess(nullAsEmptyList, z.array(idField(M.completedStagesInvalid), { error: M.completedStagesInvalid }))
    .transform((ids) => [...new Set(ids)])
    .optional(),
  published_to: z
    .preprocess(
      (v) => (v === null || v === '' ? [] : typeof v === 'string' ? [v] : v),
      z.array(z.string({ error: M.publishedToInvalid }).trim().min(1, M.publishedToInvalid).max(255, M.publishedToInvalid), {
        error: M.publishedToInvalid,
      }),
    )
    .transform((roles) => [...new Set(roles)])
    .optional(),
  tags: z.preprocess(nullAsEmptyList, z.array(z.preprocess(refId, TagRef), { error: M.tagsInvalid })).optional(),
  author_realname: z
    .preprocess(
      emptyAsNull,
      z.union([z.string().trim().max(AUTHOR_REALNAME_MAX, M.authorNameTooLong), z.null()], { error: M.authorNameInvalid }),
    )
    .optional(),
  author_email: z
    .preprocess(
      emptyAsNull,
      z.union([z.email(M.authorEmailInvalid).max(150, M.authorEmailInvalid), z.null()], { error: M.authorEmailInvalid }),
    )
    .optional(),
};

const noUserWithAuthor = (
  post: { user_id?: number | null; author_realname?: string | null; author_email?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (typeof post.user_id === 'number' && (post.author_realname || post.author_email))
    ctx.addIssue({ code: 'custom', path: ['user_id'], message: M.userWithAuthor });
};

/**
 * `POST /posts` (API-CONTRACT 8.3). Title 2..150 and a description are required (our choice,
 * API-CONTRACT 18). `type`, `source`, `sets` and rendered fields are ignored.
 */
export const CreatePostBody = z.preprocess(
  withPostAliases,
  z.object({ title: PostTitleField, content: PostContentField, ...postFields }).superRefine(noUserWithAuthor),
);
export type CreatePostBody = z.infer<typeof CreatePostBody>;

/** `PUT /posts/{id}`: fields not sent keep their value; `values`, `tags`, lists replace the whole set. */
export const UpdatePostBody = z.preprocess(
  withPostAliases,
  z.object({ title: PostTitleField.optional(), content: PostContentField.optional(), ...postFields }).superRefine(noUserWithAuthor),
);
export type UpdatePostBody = z.infer<typeof UpdatePostBody>;

export const PostPointSchema = z.object({ lat: z.number(), lon: z.number() });
export type PostPoint = z.infer<typeof PostPointSchema>;

/** A lock as `GET /posts/{id}` shows it to managers (API-CONTRACT 11). */
export const PostLockSchema = z.object({
  id: z.number().int(),
  user: LockHolderSchema.nullable(),
  post_id: z.number().int(),
  expires: z.number(),
});
export type PostLock = z.infer<typeof PostLockSchema>;

/** Post JSON (API-CONTRACT 8.2). `author_*` only for callers with `read_full`. */
export const PostSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  parent: RefSchema.nullable(),
  form: RefSchema.nullable(),
  user: RefSchema.nullable(),
  message: RefSchema.nullable(),
  contact: RefSchema.nullable(),
  type: z.string(),
  title: z.string(),
  slug: z.string().nullable(),
  content: z.string(),
  author_email: z.string().nullable().optional(),
  author_realname: z.string().nullable().optional(),
  status: z.enum(POST_STATUSES),
  created: z.string(),
  updated: z.string().nullable(),
  locale: z.string(),
  post_date: z.string(),
  values: z.record(z.string(), z.array(z.unknown())),
  tags: z.array(RefSchema),
  published_to: z.array(z.string()),
  completed_stages: z.array(z.number().int()),
  /** Collection ids as strings, as real clients compare them (spec 2 section 3). */
  sets: z.array(z.string()),
  lock: PostLockSchema.nullable(),
  source: z.string().nullable(),
  color: z.string().nullable(),
  data_source_message_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  base_language: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Post = z.infer<typeof PostSchema>;

/** One revision of a post, from the event log (`GET /posts/{id}/revisions`). */
export const PostRevisionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  post_id: z.number().int(),
  event: z.string(),
  user: RefSchema.nullable(),
  created: z.string(),
  version: z.number().int(),
  form: RefSchema.nullable(),
  status: z.enum(POST_STATUSES),
  title: z.string(),
  content: z.string(),
  post_date: z.string(),
  locale: z.string(),
  values: z.record(z.string(), z.array(z.unknown())),
  tags: z.array(RefSchema),
  published_to: z.array(z.string()),
  completed_stages: z.array(z.number().int()),
  allowed_privileges: z.array(z.string()),
});
export type PostRevision = z.infer<typeof PostRevisionSchema>;

const GeoPoint = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

/** `GET /posts/geojson`: one feature per mapped post (API-CONTRACT 9). */
export const PostGeoJsonCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('GeometryCollection'), geometries: z.array(GeoPoint) }),
      properties: z.object({
        title: z.string(),
        description: z.string(),
        'marker-color': z.string().nullable(),
        id: z.number().int(),
        url: z.string(),
        source: z.string(),
        data_source_message_id: z.string().nullable(),
      }),
    }),
  ),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  total: z.number().int(),
});
export type PostGeoJsonCollection = z.infer<typeof PostGeoJsonCollectionSchema>;

/** `GET /posts/{id}/geojson`: one feature per location value. */
export const PostGeoJsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: GeoPoint,
      properties: z.object({
        title: z.string(),
        description: z.string(),
        'marker-color': z.string().nullable(),
        id: z.number().int(),
        attribute_key: z.string(),
      }),
    }),
  ),
});
export type PostGeoJson = z.infer<typeof PostGeoJsonSchema>;
