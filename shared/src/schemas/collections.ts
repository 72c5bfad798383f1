import { z } from 'zod';
import { dbIdField, freeObject } from './common';
import { listQuery, queryIdsOr, queryPhrase } from './list-query';

/** Validation messages of collections and saved searches (API-CONTRACT 12). */
export const SetMessages = {
  nameRequired: 'name is required',
  nameLength: 'name must be between 3 and 255 characters',
  descriptionType: 'description must be text',
  viewInvalid: 'view must be one of map, list, chart, timeline, data',
  roleInvalid: 'role must be a list of role names',
  roleMissing: (name: string) => `Role ${name} does not exist`,
  featuredType: 'featured must be true or false',
  filterRequired: 'filter is required',
  filterObject: 'filter must be an object',
  viewOptionsObject: 'view_options must be an object',
  postIdInvalid: 'id must be the id of a post',
} as const;
const M = SetMessages;

export const SET_VIEWS = ['map', 'list', 'chart', 'timeline', 'data'] as const;

const relation = z.object({ id: z.number().int(), url: z.string() });

/** Collection JSON (API-CONTRACT 12). */
export const CollectionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: relation.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  view: z.string(),
  view_options: z.record(z.string(), z.unknown()).nullable(),
  role: z.array(z.string()).nullable(),
  featured: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** A saved search adds its stored filter and `search: true`. */
export const SavedSearchSchema = CollectionSchema.extend({
  filter: z.record(z.string(), z.unknown()).nullable(),
  search: z.literal(true),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

const absent = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

const name = z
  .string({ error: (iss) => (absent(iss) ? M.nameRequired : M.nameLength) })
  .trim()
  .min(3, M.nameLength)
  .max(255, M.nameLength);

/** Fields both kinds share; on update every field is optional. */
const setFields = {
  name,
  description: z.string({ error: M.descriptionType }).max(10_000).nullable().optional(),
  view: z.enum(SET_VIEWS, { error: M.viewInvalid }).optional(),
  view_options: freeObject('view_options', M.viewOptionsObject).nullable().optional(),
  role: z
    .array(z.string({ error: M.roleInvalid }).min(1, M.roleInvalid), { error: M.roleInvalid })
    .nullable()
    .optional(),
  featured: z.boolean({ error: M.featuredType }).optional(),
};

const filter = freeObject('filter', (iss) => (absent(iss) ? M.filterRequired : M.filterObject));

export const CollectionBody = z.object(setFields);
export type CollectionBody = z.infer<typeof CollectionBody>;
export const CollectionUpdateBody = z.object({ ...setFields, name: name.optional() });
export type CollectionUpdateBody = z.infer<typeof CollectionUpdateBody>;

export const SavedSearchBody = z.object({ ...setFields, filter });
export type SavedSearchBody = z.infer<typeof SavedSearchBody>;
export const SavedSearchUpdateBody = z.object({ ...setFields, name: name.optional(), filter: filter.optional() });
export type SavedSearchUpdateBody = z.infer<typeof SavedSearchUpdateBody>;

/** `POST /collections/{id}/posts {id}`. */
export const CollectionPostBody = z.object({ id: dbIdField(M.postIdInvalid) });

export const SET_SORTABLE = ['id', 'created', 'updated', 'name', 'featured'] as const;

/** `user_id` is the name v3 filters by, `user` the one other lists use: `user_id` wins when both come. */
const withUserAlias = (query: unknown): unknown =>
  typeof query === 'object' && query !== null && 'user_id' in query ? { ...query, user: (query as { user_id: unknown }).user_id } : query;

/**
 * `GET /collections` and `/savedsearches` (API-CONTRACT 12): `q` (in the name), `featured`,
 * `user_id` (ids or `me`) and the client's `editableBy=me` (the add-to-collection picker).
 * Featured ones come first whatever the order.
 */
export const SetListQuery = z.preprocess(
  withUserAlias,
  listQuery(
    { sortable: SET_SORTABLE, orderby: 'id', order: 'asc' },
    {
      // Longer text is cut rather than refused: no name is longer.
      q: queryPhrase.transform((q) => q?.slice(0, 255)),
      // Only these four spellings filter; anything else is no filter, as it always was.
      featured: z.preprocess(
        (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined),
        z.boolean().optional(),
      ),
      user: queryIdsOr('user', ['me'] as const),
      editableBy: z.preprocess((v) => (v === 'me' ? v : undefined), z.literal('me').optional()),
    },
  ),
);
export type SetListQuery = z.infer<typeof SetListQuery>;
