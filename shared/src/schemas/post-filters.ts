import { z } from 'zod';
import { POST_STATUSES, type PostStatus } from '../constants';
import { isDbIdText as isId } from './common';
import { queryFirst as first, queryIds as ids, queryIdsOr as idsOr, queryList, queryText as text } from './list-query';
import { parseDateInput } from './post-dates';

/** Orderings of `GET /posts` (API-CONTRACT 8.4; anything else is a 422, never SQL). */
export const POST_SORTABLE = ['post_date', 'created', 'updated', 'id', 'title'] as const;
export const POST_LIST_DEFAULTS = { orderby: 'post_date', order: 'desc' } as const;
export const HAS_LOCATION = ['all', 'mapped', 'unmapped'] as const;

const id = (name: string) => z.preprocess(first, z.string().refine(isId, `${name} must be a post id`).transform(Number).optional());

const date = (name: string) =>
  z.preprocess(
    first,
    z
      .string()
      .transform((v, ctx) => {
        const parsed = parseDateInput(v);
        if (!parsed) {
          ctx.addIssue({ code: 'custom', message: `${name} must be a date` });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  );

/** `count` numbers; an empty value (`bbox=`) is no filter, as v3 skips it (API-CONTRACT 8.4). */
const numbers = (name: string, count: number) =>
  z.preprocess(
    (v) => {
      const list = queryList(v);
      return list.length === 0 ? undefined : list;
    },
    z
      .array(z.string())
      .refine((list) => list.length === count && list.every((n) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(n)), `${name} must be ${count} numbers`)
      .transform((list) => list.map(Number))
      .optional(),
  );

const strings = z.preprocess(queryList, z.array(z.string().max(255)));

/** `tags=1,2` / `tags[]=1` mean any of; `tags[any]=..` and `tags[all]=..` say so (API-CONTRACT 8.4). */
const tagsParam = z.preprocess(
  (v) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v) && ('any' in v || 'all' in v)) {
      const { any, all } = v as { any?: unknown; all?: unknown };
      return { any: queryList(any), all: queryList(all) };
    }
    return { any: queryList(v), all: [] };
  },
  z.object({
    any: z.array(z.string().refine(isId, 'tags must be a list of category ids').transform(Number)),
    all: z.array(z.string().refine(isId, 'tags must be a list of category ids').transform(Number)),
  }),
);

/** `values[key]=a` or `values[key][]=a&values[key][]=b`: any of the listed values. */
const valuesParam = z.preprocess(
  (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([key, value]) => [key, queryList(value)]))
      : v === undefined
        ? {}
        : v,
  z.record(z.string().max(150), z.array(z.string().max(255)), { error: 'values must be given as values[key]=value' }),
);

/**
 * The filters of `GET /posts`, `/posts/geojson` and `/posts/stats` (API-CONTRACT 8.4). Unknown
 * parameters (`order_unlocked_on_top`, `current_stage`, `ignore403` ...) are dropped; paging
 * (`limit, offset, order, orderby`) is read by the list itself.
 */
export const PostListQuery = z.object({
  status: z.preprocess(
    (v) => {
      const list = queryList(v).map((s) => s.toLowerCase());
      return list.length > 0 ? list : ['published'];
    },
    z
      .array(z.enum([...POST_STATUSES, 'all'], { error: `status must be a list of ${POST_STATUSES.join(', ')} or all` }))
      .transform((list): PostStatus[] | 'all' => (list.includes('all') ? 'all' : (list as PostStatus[]))),
  ),
  form: idsOr('form', ['none'] as const),
  q: z.preprocess(text, z.string().max(255, 'q must not exceed 255 characters').optional()),
  tags: tagsParam,
  set: ids('set'),
  user: idsOr('user', ['me', 'none'] as const),
  source: z.preprocess((v) => queryList(v).map((s) => s.toLowerCase()), z.array(z.string().max(50))),
  created_after: date('created_after'),
  created_before: date('created_before'),
  updated_after: date('updated_after'),
  updated_before: date('updated_before'),
  date_after: date('date_after'),
  date_before: date('date_before'),
  created_before_by_id: id('created_before_by_id'),
  created_after_by_id: id('created_after_by_id'),
  /** west, north, east, south. */
  bbox: numbers('bbox', 4),
  /** lat, lon. */
  center_point: numbers('center_point', 2).refine(
    (p) => p === undefined || (Math.abs(p[0]!) <= 90 && Math.abs(p[1]!) <= 180),
    'center_point must be a latitude and a longitude',
  ),
  within_km: z.preprocess(
    first,
    z
      .string()
      .regex(/^(\d+\.?\d*|\.\d+)$/, 'within_km must be a positive number')
      .transform(Number)
      .refine((km) => km > 0 && km <= 20_100, 'within_km must be a positive number')
      .optional(),
  ),
  has_location: z.preprocess(
    (v) => first(v)?.toLowerCase() ?? 'all',
    z.enum(HAS_LOCATION, { error: 'has_location must be all, mapped or unmapped' }),
  ),
  published_to: strings,
  post_id: ids('post_id'),
  values: valuesParam,
  type: z.preprocess(first, z.string().max(50).optional()),
  locale: z.preprocess(first, z.string().max(20).optional()),
  slug: z.preprocess(first, z.string().max(255).optional()),
  parent: ids('parent'),
  include_types: strings,
  include_attributes: strings,
});
export type PostListQuery = z.infer<typeof PostListQuery>;
