import { z } from 'zod';
import { isDbIdText } from './common';
import { queryFirst as first, queryList } from './list-query';

/*
 * `GET /posts/stats` (API-CONTRACT 10), `GET /posts/clusters` and `GET /geocode`
 * (contracts-extra). The query schemas read what these endpoints add to the list filters of
 * `PostListQuery`; the response schemas are what the server answers, for the client to parse.
 */

/** `1`, `true`, `yes` and `on` are true; anything else (or absent) is false, as PHP's truthiness mostly is. */
const truthy = z.preprocess((v) => {
  const s = first(v)?.toLowerCase();
  return s !== undefined && ['1', 'true', 'yes', 'on'].includes(s);
}, z.boolean());

export const POST_STATS_GROUPS = ['form', 'tags', 'status', 'source', 'attribute'] as const;
export type PostStatsGroup = (typeof POST_STATS_GROUPS)[number];

/** Timeline buckets: an hour at the finest, a leap year at the widest. */
export const TIMELINE_INTERVAL = { min: 3600, max: 31_622_400, default: 86_400 } as const;

/** What `/posts/stats` adds to the list filters. */
export const PostStatsQuery = z
  .object({
    group_by: z.preprocess(
      (v) => first(v)?.toLowerCase(),
      z.enum(POST_STATS_GROUPS, { error: `group_by must be one of ${POST_STATS_GROUPS.join(', ')}` }).optional(),
    ),
    group_by_attribute_key: z.preprocess(first, z.string().max(150, 'group_by_attribute_key is too long').optional()),
    /** A parent category id (its children are the groups) or `all` (top-level categories). */
    group_by_tags: z.preprocess(
      (v) => first(v)?.toLowerCase(),
      z
        .string()
        .refine((s) => s === 'all' || isDbIdText(s), 'group_by_tags must be a category id or all')
        .transform((s): number | 'all' => (s === 'all' ? 'all' : Number(s)))
        .optional(),
    ),
    timeline: truthy,
    timeline_interval: z.preprocess(
      (v) => first(v) ?? String(TIMELINE_INTERVAL.default),
      z
        .string()
        .regex(/^\d{1,9}$/, 'timeline_interval must be a number of seconds')
        .transform(Number)
        .refine(
          (n) => n >= TIMELINE_INTERVAL.min && n <= TIMELINE_INTERVAL.max,
          `timeline_interval must be between ${TIMELINE_INTERVAL.min} and ${TIMELINE_INTERVAL.max} seconds`,
        ),
    ),
    /** `created` (default), `updated`, `post_date`, or the key of a date field. */
    timeline_attribute: z.preprocess((v) => first(v) ?? 'created', z.string().max(150, 'timeline_attribute is too long')),
    include_unmapped: truthy,
  })
  .superRefine((q, ctx) => {
    if (q.group_by === 'attribute' && !q.group_by_attribute_key)
      ctx.addIssue({
        code: 'custom',
        path: ['group_by_attribute_key'],
        message: 'group_by_attribute_key is required to group by attribute',
      });
  });
export type PostStatsQuery = z.infer<typeof PostStatsQuery>;

/** One group of a grouped answer: `label` is a survey, category, status, source or value ('None' for no survey). */
export const PostStatsGroupValueSchema = z.object({
  label: z.string(),
  total: z.number().int(),
  id: z.number().int().nullable(),
  /** The message source (`web` for posts made on the web or through the API). */
  type: z.string(),
});
export type PostStatsGroupValue = z.infer<typeof PostStatsGroupValueSchema>;

/** One bucket of a timeline: `label` is the bucket's start in epoch seconds. */
export const PostStatsTimelineValueSchema = z.object({
  label: z.number().int(),
  total: z.number().int(),
  cumulative_total: z.number().int(),
});
export type PostStatsTimelineValue = z.infer<typeof PostStatsTimelineValueSchema>;

export const PostStatsSchema = z.object({
  /** Without a timeline one entry keyed by `group_by` (or `all`); with one, one series per group (`None` when ungrouped). */
  totals: z.array(
    z.object({
      key: z.string(),
      values: z.array(z.union([PostStatsTimelineValueSchema, PostStatsGroupValueSchema])),
    }),
  ),
  group_by: z.string().nullable(),
  group_by_attribute_key: z.string().nullable(),
  timeline_attribute: z.string().nullable(),
  /** Seconds per bucket, only with a timeline. */
  time_interval: z.number().int().optional(),
  /** Matching posts without a location, only with `include_unmapped`. */
  unmapped: z.number().int().optional(),
});
export type PostStats = z.infer<typeof PostStatsSchema>;

export const CLUSTER_MAX_ZOOM = 20;
/**
 * A map fitting itself to the posts (spec 2 section 5) zooms no closer than this; it steps from the
 * opening zoom toward it while the whole world's answer is a single cluster.
 */
export const MAP_FIT_MAX_ZOOM = 15;
/**
 * With grouping turned off in the map settings, a viewport holding up to this many posts gets every
 * one as its own point; past it the map still gets clusters (a million pins would not draw).
 */
export const UNGROUPED_MAX_POINTS = 2_000;

const lonLat = (v: number, lat: boolean) => Number.isFinite(v) && Math.abs(v) <= (lat ? 90 : 360);

/** The largest map, in pixels a side, a fitted first answer is worked out for. */
export const MAP_FIT_MAX_PX = 10_000;

/**
 * `zoom` (0..20, required) and the viewport `bbox=west,south,east,north` (world when absent); or,
 * instead of a viewport, `fit=width,height`: the view a map of that many pixels fitted to every
 * matching post shows (`fittedView`, from `zoom` up), its `bbox` still every matching post's.
 */
export const PostClustersQuery = z
  .object({
    zoom: z.preprocess(
      (v) => first(v),
      z
        .string({ error: 'zoom is required' })
        .regex(/^\d{1,2}(\.\d+)?$/, `zoom must be a number from 0 to ${CLUSTER_MAX_ZOOM}`)
        .transform((s) => Math.floor(Number(s)))
        .refine((z) => z >= 0 && z <= CLUSTER_MAX_ZOOM, `zoom must be a number from 0 to ${CLUSTER_MAX_ZOOM}`),
    ),
    bbox: z.preprocess(
      (v) => (v === undefined ? undefined : queryList(v)),
      z
        .array(z.string())
        .refine(
          (list) => list.length === 4 && list.every((n) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(n)),
          'bbox must be west,south,east,north in degrees',
        )
        .transform((list) => list.map(Number) as [number, number, number, number])
        .refine(
          ([w, s, e, n]) => lonLat(w, false) && lonLat(e, false) && lonLat(s, true) && lonLat(n, true) && s <= n,
          'bbox must be west,south,east,north in degrees',
        )
        .optional(),
    ),
    fit: z.preprocess(
      (v) => (v === undefined ? undefined : queryList(v)),
      z
        .array(z.string())
        .refine(
          (list) => list.length === 2 && list.every((n) => /^\d{1,5}$/.test(n) && Number(n) >= 1 && Number(n) <= MAP_FIT_MAX_PX),
          `fit must be the map's width,height in pixels, each from 1 to ${MAP_FIT_MAX_PX}`,
        )
        .transform(([width, height]) => ({ width: Number(width), height: Number(height) }))
        .optional(),
    ),
  })
  .refine((query) => !(query.fit && query.bbox), { path: ['fit'], message: 'fit and bbox cannot be asked together' });
export type PostClustersQuery = z.infer<typeof PostClustersQuery>;

const Point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const PostClusterFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: Point,
  properties: z.union([
    z.object({ cluster: z.literal(true), count: z.number().int(), expansion_zoom: z.number().int() }),
    z.object({ cluster: z.literal(false), id: z.number().int(), form_id: z.number().int().nullable(), color: z.string().nullable() }),
  ]),
});
export type PostClusterFeature = z.infer<typeof PostClusterFeatureSchema>;

export const PostClustersSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** Matching posts with a location, whole world (a post with two places counts once; the clusters count places). */
  total: z.number().int(),
  /** RFC 7946 bbox (west, south, east, north) of every matching point; absent when there is none. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  features: z.array(PostClusterFeatureSchema),
});
export type PostClusters = z.infer<typeof PostClustersSchema>;

export const GEOCODE_LIMIT = { min: 1, max: 20, default: 5 } as const;
export const GEOCODE_MAX_QUERY = 250;

export const GeocodeQuery = z.object({
  q: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v) ?? '',
    z.string({ error: 'q must be text' }).max(GEOCODE_MAX_QUERY, `q must not exceed ${GEOCODE_MAX_QUERY} characters`),
  ),
  limit: z.preprocess(
    (v) => first(v) ?? String(GEOCODE_LIMIT.default),
    z
      .string()
      .regex(/^\d{1,3}$/, `limit must be a number from ${GEOCODE_LIMIT.min} to ${GEOCODE_LIMIT.max}`)
      .transform(Number)
      .refine(
        (n) => n >= GEOCODE_LIMIT.min && n <= GEOCODE_LIMIT.max,
        `limit must be a number from ${GEOCODE_LIMIT.min} to ${GEOCODE_LIMIT.max}`,
      ),
  ),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

/** Nominatim-shaped: lat and lon are strings. */
export const GeocodeResultSchema = z.object({ display_name: z.string(), lat: z.string(), lon: z.string() });
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;
export const GeocodeResultsSchema = z.array(GeocodeResultSchema);

/**
 * `total_count` of `GET /posts` counts at most this many rows when an exact count would need a
 * scan (any filter beyond status, survey, source and published_to): a total of exactly this value
 * means "this many or more" and the client words it so.
 */
export const POST_TOTAL_COUNT_CAP = 10_000;

/** Response header of `GET /posts` saying how `total_count` was counted. */
export const TOTAL_COUNT_KIND_HEADER = 'X-Total-Count-Kind';
/** `exact`; `at_least` (the cap was reached: "10,000+"); `estimate` (the planner's estimate: "about N"). */
export const TOTAL_COUNT_KINDS = ['exact', 'at_least', 'estimate'] as const;
export type TotalCountKind = (typeof TOTAL_COUNT_KINDS)[number];
