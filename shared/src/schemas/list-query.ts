import { z } from 'zod';
import { isDbIdText } from './common';

/*
 * The pieces every query schema is built from. A parameter may arrive once, repeated, comma
 * separated or in brackets (API-CONTRACT 1), so each piece first reduces whatever the query parser
 * made of it (a string, an array, an object) to what the parameter means, then validates that.
 * The schemas are `z.object`s, which drop unknown parameters instead of refusing them.
 */

/**
 * A list parameter in either encoding clients use: `a=1,2`, `a[]=1&a[]=2`, or the object a query
 * parser makes of `a[0]=1` (or of an array past its length limit).
 */
export function queryList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(queryList);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(queryList);
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The first value of a parameter: `a=x,y`, `a=x&a=y` and `a[]=x` all give `x`. */
export const queryFirst = (value: unknown): string | undefined => queryList(value)[0];

/** Free text keeps its commas: only the first of repeated values counts, trimmed, empty meaning absent. */
export function queryText(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? (value as unknown[])[0] : value;
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : undefined;
  return text ? text : undefined;
}

/** One word (`email=x`): the first value, absent when empty. */
export const queryWord = z.preprocess(queryFirst, z.string().optional());

/** A list of words (`type=a,b`, `type[]=a`). */
export const queryWords = z.preprocess(queryList, z.array(z.string()));

/** Free text (`q`, `label`), commas and all; absent when empty. */
export const queryPhrase = z.preprocess(queryText, z.string().optional());

/** Texts that may hold commas (labels, category names): only repeating the parameter makes a list. */
export const queryPhrases = z.preprocess(
  (value) => (Array.isArray(value) ? value.map(queryText) : [queryText(value)]).filter((text) => text !== undefined),
  z.array(z.string()),
);

/** A list of row ids; anything else is refused rather than reaching SQL (API-CONTRACT 16). */
export const queryIds = (name: string) =>
  z.preprocess(queryList, z.array(z.string().refine(isDbIdText, `${name} must be a list of ids`).transform(Number)));

/** Row ids and the words `extra` allows (`none`, `me`), lower-cased. */
export const queryIdsOr = <W extends string>(name: string, extra: readonly W[]) =>
  z.preprocess(
    queryList,
    z.array(
      z
        .string()
        .refine(
          (v) => isDbIdText(v) || (extra as readonly string[]).includes(v.toLowerCase()),
          `${name} must be a list of ids or ${extra.join(', ')}`,
        )
        .transform((v): number | W => (isDbIdText(v) ? Number(v) : (v.toLowerCase() as W))),
    ),
  );

/** A yes-or-no filter: `true`/`1` or `false`/`0` in any case; absent is no filter. */
export const queryFlag = (name: string) =>
  z.preprocess(
    (v) => queryFirst(v)?.toLowerCase(),
    z
      .enum(['true', '1', 'false', '0'], { error: `${name} must be true or false` })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );

/** The columns a list may be ordered by: never empty, and nothing else reaches SQL. */
export type Sortable = readonly [string, ...string[]];

/** The paging of a list as the envelope echoes it (API-CONTRACT 14.1); `limit` null means every row. */
export type Paging<O extends string = string> = { limit: number | null; offset: number; order: 'asc' | 'desc'; orderby: O };

export type PagingOptions<S extends Sortable> = {
  sortable: S;
  orderby: S[number];
  order?: 'asc' | 'desc';
  /** The largest page: an absent or larger `limit` gets this many. */
  maxLimit?: number;
  /** The page size when `limit` is absent or 0; without it, every row. */
  defaultLimit?: number | null;
};

/** Safe integers only: `1e20` is an integer to JavaScript but overflows Postgres' bigint (a 500). */
const wholeNumber = (name: string) =>
  z.preprocess(
    queryFirst,
    z
      .string()
      .transform(Number)
      .refine((n) => Number.isSafeInteger(n) && n >= 0, `${name} must be a positive whole number`)
      .optional(),
  );

/**
 * `limit, offset, order, orderby` with a list's defaults. An `order` other than desc means asc, as
 * in v3; an unknown `orderby` is refused with 422 instead of reaching SQL (API-CONTRACT 16).
 */
export function pagingShape<const S extends Sortable>(options: PagingOptions<S>) {
  const { sortable, maxLimit, defaultLimit = null } = options;
  return {
    limit: wholeNumber('limit').transform((n) => {
      const limit = n === undefined || n === 0 ? defaultLimit : n;
      return maxLimit !== undefined && (limit === null || limit > maxLimit) ? maxLimit : limit;
    }),
    offset: wholeNumber('offset').transform((n) => n ?? 0),
    order: z
      .preprocess((v) => queryFirst(v)?.toLowerCase(), z.string().optional())
      .transform((order): 'asc' | 'desc' => (order === undefined ? (options.order ?? 'asc') : order === 'desc' ? 'desc' : 'asc')),
    orderby: z.preprocess(
      (v) => queryFirst(v) ?? options.orderby,
      z.enum(sortable, { error: `orderby must be one of ${sortable.join(', ')}` }),
    ),
  };
}

/** The paging of a list whose filters are read by a schema of their own (`PostListQuery`). */
export const pagingQuery = <const S extends Sortable>(options: PagingOptions<S>) => z.object(pagingShape(options));

/**
 * A list endpoint's query: paging and filters read in one pass (every bad parameter is reported),
 * handed back apart as `{paging, filters}`.
 */
export function listQuery<const S extends Sortable, F extends z.ZodRawShape>(paging: PagingOptions<S>, filters: F) {
  return z
    .object({ ...pagingShape(paging), ...filters })
    .transform((query): { paging: Paging<S[number]>; filters: z.output<z.ZodObject<F>> } => {
      const { limit, offset, order, orderby, ...rest } = query as Paging<S[number]>;
      return { paging: { limit, offset, order, orderby }, filters: rest as z.output<z.ZodObject<F>> };
    });
}
