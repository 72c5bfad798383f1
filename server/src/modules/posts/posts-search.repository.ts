import { MAX_DB_ID, POST_TOTAL_COUNT_CAP, type PostListQuery, type TotalCountKind } from '@platform/shared';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, Db, Executor, ListSessions } from '../../db/database';
import type { Paging } from '../../http/query';
import { countGroupsFromCounters, countsAnswer, locationsAllVisible } from './post-stats.repository';
import { countKey, shapeKey, type KnownCount, type PostCountCache } from './post-count-cache';
import type { PostRow } from './posts.repository';

/**
 * Who is searching, as the SQL needs it. `manager` sees every row and field; others see what
 * `postRule` lets them read (API-CONTRACT 8.5), and locations of surveys that hide them only to
 * `locationPrecision` decimals.
 */
export type PostViewer = {
  manager: boolean;
  userId: number | null;
  role: string | null;
  locationPrecision: number;
  /**
   * Every point the viewer may see is shown where it is stored (managers; others when no survey
   * hides a location field or rounds locations; see `pointFieldsHidden`). Spatial filters then
   * test the post's own `places`; otherwise each point the viewer sees, through `post_points`.
   */
  exactPlaces?: boolean;
};

/** Whether spatial filters may test the viewer's search on the posts' own `places` (see `exactPlaces`). */
export const seesPlacesAsStored = (viewer: PostViewer): boolean => viewer.manager || viewer.exactPlaces === true;

/** The filters of API-CONTRACT 8.4 plus the demo tier's cap (only the first posts by id). */
export type PostSearch = PostListQuery & { demoLimit: number | null };

/**
 * The viewer as the filters see it: `publishedOnly` when every row the search can return is
 * published (always for anonymous callers), so conditions on a post's own status can go.
 */
type ScopedViewer = PostViewer & { publishedOnly: boolean };

type EB = ExpressionBuilder<Database, 'posts'>;
type Condition = Expression<SqlBool>;
type Filter = (eb: EB, search: PostSearch, viewer: ScopedViewer) => Condition | null;

const METRES_PER_DEGREE = 111_320;

const isOwner = (viewer: PostViewer): RawBuilder<SqlBool> =>
  viewer.userId === null ? sql<SqlBool>`false` : sql<SqlBool>`posts.user_id = ${viewer.userId}`;

/**
 * Whether the post of a side-table row is the viewer's, asked through the row's own `post_id`
 * (an uncorrelated set of the viewer's posts) rather than the outer row: a condition on the outer
 * row inside EXISTS keeps Postgres from starting at the side table (the few points of a small
 * radius) and makes it scan every post instead (450 ms for 1 km at a million posts, 20 ms without).
 */
const ownedBy = (viewer: PostViewer, postId: RawBuilder<unknown> | undefined, unpublishedOnly = false): RawBuilder<SqlBool> => {
  if (viewer.userId === null) return sql<SqlBool>`false`;
  if (!postId) return unpublishedOnly ? sql<SqlBool>`(${isOwner(viewer)} and posts.status <> 'published')` : isOwner(viewer);
  const unpublished = unpublishedOnly ? sql` and o.status <> 'published'` : sql``;
  return sql<SqlBool>`${postId} in (select o.id from posts o where o.user_id = ${viewer.userId}${unpublished})`;
};

/**
 * A field (alias `fa`, its task `fs`) whose values the viewer sees on the row `posts`; twin of
 * `attributeVisible`. `postId` is the side table's column naming the post (see `ownedBy`). An
 * internal task shows on published posts only; a post a non-manager may read that is not
 * published is their own, so that is what is asked, and nothing when only published posts match.
 */
const fieldVisible = (viewer: ScopedViewer, postId?: RawBuilder<unknown>) => sql<SqlBool>`fs.show_when_published
  ${viewer.publishedOnly ? sql`` : sql`and (not fs.task_is_internal_only or not ${ownedBy(viewer, postId, true)})`}
  and (not fa.response_private or ${ownedBy(viewer, postId)})`;

/**
 * Whether some location field is hidden from viewers who do not manage posts (a private response,
 * an internal task, a task shown only once published) or, with `rounded`, whether some survey
 * rounds its locations for them. Small tables; asked once per search that needs it.
 */
export async function pointFieldsHidden(db: Executor, { rounded }: { rounded: boolean }): Promise<boolean> {
  const roundedToo = rounded ? sql` or f.hide_location` : sql``;
  const { rows } = await sql<{ hidden: boolean }>`select exists (
    select 1 from form_attributes fa join form_stages fs on fs.id = fa.form_stage_id join forms f on f.id = fs.form_id
    where fa.type = 'point'
      and (fa.response_private or not fs.show_when_published or fs.task_is_internal_only${roundedToo})) as hidden`.execute(db);
  return rows[0]?.hidden ?? false;
}

/** Rows the viewer may read: the SQL twin of `postRule(read)`, so unreadable rows never appear. */
const readable: Filter = (_eb, _s, viewer) => {
  if (viewer.manager) return null;
  const roles =
    viewer.role === null
      ? sql`cardinality(posts.published_to) = 0`
      : sql`(cardinality(posts.published_to) = 0 or ${viewer.role}::text = any(posts.published_to))`;
  const published = sql<SqlBool>`(posts.status = 'published' and ${roles})`;
  return viewer.userId === null ? published : sql<SqlBool>`(${isOwner(viewer)} or ${published})`;
};

/** Default `published` only, even for managers; `all` disables it; anonymous callers always get published. */
const status: Filter = (eb, s, viewer) => {
  const list = viewer.userId === null ? ['published' as const] : s.status;
  return list === 'all' ? null : eb('posts.status', 'in', list);
};

const form: Filter = (eb, s) => {
  if (s.form.length === 0) return null;
  const ids = s.form.filter((v): v is number => typeof v === 'number');
  const parts: Condition[] = [];
  if (ids.length > 0) parts.push(eb('posts.form_id', 'in', ids));
  if (s.form.includes('none')) parts.push(eb('posts.form_id', 'is', null));
  return eb.or(parts);
};

/** `%q%` on title or content (trigram indexes), and the id itself when q is a number. */
const q: Filter = (_eb, s) => {
  if (!s.q) return null;
  const pattern = `%${s.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,10}$/.test(s.q) && Number(s.q) <= MAX_DB_ID ? Number(s.q) : null;
  const byId = id === null ? sql`` : sql` or posts.id = ${id}`;
  return sql<SqlBool>`(posts.title ilike ${pattern} or posts.content ilike ${pattern}${byId})`;
};

const tagExists = (viewer: ScopedViewer, tag: RawBuilder<SqlBool>) => {
  const visible = viewer.manager
    ? sql``
    : sql` and (pt.form_attribute_id is null or exists (
        select 1 from form_attributes fa join form_stages fs on fs.id = fa.form_stage_id
        where fa.id = pt.form_attribute_id and ${fieldVisible(viewer, sql.ref('pt.post_id'))}))`;
  return sql<SqlBool>`exists (select 1 from posts_tags pt where pt.post_id = posts.id and ${tag}${visible})`;
};

/** `tags=a,b` and `tags[any]` match any; `tags[all]` needs every one. */
const tags: Filter = (eb, s, viewer) => {
  const parts: Condition[] = [];
  if (s.tags.any.length > 0) parts.push(tagExists(viewer, sql`pt.tag_id = any(${s.tags.any}::int[])`));
  for (const id of s.tags.all) parts.push(tagExists(viewer, sql`pt.tag_id = ${id}`));
  return parts.length > 0 ? eb.and(parts) : null;
};

const set: Filter = (_eb, s) =>
  s.set.length === 0
    ? null
    : sql<SqlBool>`exists (select 1 from posts_sets ps where ps.post_id = posts.id and ps.set_id = any(${s.set}::int[]))`;

/** User ids, `me` (nobody for an anonymous caller) and `none` (posts without a user). */
const user: Filter = (eb, s, viewer) => {
  if (s.user.length === 0) return null;
  const ids = s.user.filter((v): v is number => typeof v === 'number');
  if (s.user.includes('me')) ids.push(viewer.userId ?? 0);
  const parts: Condition[] = [];
  if (ids.length > 0) parts.push(eb('posts.user_id', 'in', ids));
  if (s.user.includes('none')) parts.push(eb('posts.user_id', 'is', null));
  return eb.or(parts);
};

/** `web` also matches posts made through the API, whose source is null. */
const source: Filter = (eb, s) => {
  if (s.source.length === 0) return null;
  const named = s.source.filter((v) => v !== 'web');
  const parts: Condition[] = [];
  if (s.source.includes('web')) parts.push(eb.or([eb('posts.source', 'is', null), eb('posts.source', '=', 'web')]));
  if (named.length > 0) parts.push(eb('posts.source', 'in', named));
  return eb.or(parts);
};

const dates: Filter = (eb, s) => {
  const parts: Condition[] = [];
  if (s.created_after) parts.push(eb('posts.created', '>=', s.created_after));
  if (s.created_before) parts.push(eb('posts.created', '<=', s.created_before));
  if (s.updated_after) parts.push(eb('posts.updated', '>=', s.updated_after));
  if (s.updated_before) parts.push(eb('posts.updated', '<=', s.updated_before));
  if (s.date_after) parts.push(eb('posts.post_date', '>', s.date_after));
  if (s.date_before) parts.push(eb('posts.post_date', '<=', s.date_before));
  return parts.length > 0 ? eb.and(parts) : null;
};

/** Relative to another post's creation time (new-posts polling); after is exclusive. */
const createdById: Filter = (eb, s) => {
  const parts: Condition[] = [];
  const createdOf = (id: number) => sql`(select p2.created from posts p2 where p2.id = ${id})`;
  if (s.created_before_by_id) parts.push(sql<SqlBool>`posts.created <= ${createdOf(s.created_before_by_id)}`);
  if (s.created_after_by_id) parts.push(sql<SqlBool>`posts.created > ${createdOf(s.created_after_by_id)}`);
  return parts.length > 0 ? eb.and(parts) : null;
};

/**
 * A spatial filter: `box` holds every stored point that can match (an indexable test on the
 * post's own `places`, whose estimates Postgres gets right); `places` is the exact test on them;
 * `match` tests one point as the viewer is shown it (rounded when a survey hides locations).
 */
type Spatial = { box: RawBuilder<unknown>; places: RawBuilder<SqlBool>; match: (geom: RawBuilder<unknown>) => RawBuilder<SqlBool> };

/**
 * A point of the post the viewer sees that matches. Posts are tested on their own row first (the
 * walk over the newest posts probes no side table); a viewer shown every point as stored needs no
 * more, others have each visible point tested as it is shown to them, so that a bounding box
 * cannot pinpoint a reporter whose survey hides locations.
 */
function pointExists(viewer: ScopedViewer, spatial: Spatial | null): RawBuilder<SqlBool> {
  if (spatial && seesPlacesAsStored(viewer)) return sql<SqlBool>`(posts.places && ${spatial.box} and ${spatial.places})`;
  const near = spatial ? sql`posts.places && ${spatial.box} and ` : sql``;
  const grid = 10 ** -viewer.locationPrecision;
  const postId = sql.ref('pp.post_id');
  const shown = sql`(case when f.hide_location and not ${ownedBy(viewer, postId)} then ST_SnapToGrid(pp.geom, ${grid}::float8) else pp.geom end)`;
  const where = spatial ? sql` and pp.geom && ${spatial.box} and ${spatial.match(shown)}` : sql``;
  return sql<SqlBool>`(${near}exists (select 1 from post_points pp
    join form_attributes fa on fa.id = pp.form_attribute_id
    join form_stages fs on fs.id = fa.form_stage_id
    join forms f on f.id = fs.form_id
    where pp.post_id = posts.id and ${fieldVisible(viewer, postId)}${where}))`;
}

/** Degrees a rounded point may be from the stored one, for viewers shown rounded locations. */
const roundingSlack = (viewer: ScopedViewer) => (seesPlacesAsStored(viewer) ? 0 : 10 ** -viewer.locationPrecision);

/** `west,north,east,south`, normalised to min/max (API-CONTRACT 8.4). */
const bbox: Filter = (_eb, s, viewer) => {
  if (!s.bbox) return null;
  const [w, n, e, so] = s.bbox as [number, number, number, number];
  const envelope = sql`ST_MakeEnvelope(${Math.min(w, e)}::float8, ${Math.min(n, so)}::float8, ${Math.max(w, e)}::float8, ${Math.max(n, so)}::float8, 4326)`;
  const slack = roundingSlack(viewer);
  return pointExists(viewer, {
    box: slack === 0 ? envelope : sql`ST_Expand(${envelope}, ${slack}::float8)`,
    // Past the box test a post with one point is in; one with more needs one of them inside
    // (tested as boxes: a box of no width, a point asked by its own coordinates, still holds it).
    places: sql<SqlBool>`(ST_NumGeometries(posts.places) = 1 or exists (select 1 from ST_Dump(posts.places) d where d.geom && ${envelope}))`,
    match: (geom) => sql<SqlBool>`${geom} && ${envelope}`,
  });
};

/** Fewer metres than any degree of latitude holds, so a box in degrees always contains the circle. */
const MIN_METRES_PER_DEGREE = 110_000;

/**
 * A `lon/lat` box around a circle of `metres` (whole longitudes when it reaches a pole or the
 * antimeridian). Points are tested against it with the plain geometry index, whose estimates
 * Postgres gets right, before the exact distance.
 */
function circleBox(lat: number, lon: number, metres: number): RawBuilder<unknown> {
  const dy = metres / MIN_METRES_PER_DEGREE;
  const south = lat - dy;
  const north = lat + dy;
  const poleward = Math.min(90, Math.max(Math.abs(south), Math.abs(north)));
  const cos = Math.cos((poleward * Math.PI) / 180);
  const dx = cos < 1e-9 ? 360 : metres / (MIN_METRES_PER_DEGREE * cos);
  const whole = north >= 90 || south <= -90 || lon - dx < -180 || lon + dx > 180;
  const [w, e] = whole ? [-180, 180] : [lon - dx, lon + dx];
  return sql`ST_MakeEnvelope(${w}::float8, ${Math.max(-90, south)}::float8, ${e}::float8, ${Math.min(90, north)}::float8, 4326)`;
}

/**
 * A true distance on the sphere (geography), not a square; needs both parameters. The geometry
 * box comes first: `ST_DWithin` on geography is estimated at a tiny fraction of its real matches,
 * which made Postgres scan every post instead of walking the newest ones (seconds at a million).
 * The distance of a post's `places` is that of its nearest point.
 */
const withinKm: Filter = (_eb, s, viewer) => {
  if (!s.center_point || s.within_km === undefined) return null;
  const [lat, lon] = s.center_point as [number, number];
  const centre = sql`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)::geography`;
  const metres = s.within_km * 1000;
  const distance = (geom: RawBuilder<unknown>) => sql<SqlBool>`ST_Distance((${geom})::geography, ${centre}, false) <= ${metres}::float8`;
  return pointExists(viewer, {
    box: circleBox(lat, lon, metres + roundingSlack(viewer) * METRES_PER_DEGREE),
    places: distance(sql.ref('posts.places')),
    match: distance,
  });
};

/** Viewers shown every point as stored: the post's own flag says. Others, a location shown to them. */
const hasLocation: Filter = (eb, s, viewer) => {
  if (s.has_location === 'all') return null;
  const mapped = seesPlacesAsStored(viewer) ? eb.ref('posts.mapped') : pointExists(viewer, null);
  return s.has_location === 'mapped' ? mapped : eb.not(mapped);
};

const publishedTo: Filter = (_eb, s) =>
  s.published_to.length === 0 ? null : sql<SqlBool>`posts.published_to && ${s.published_to}::text[]`;

const postId: Filter = (eb, s) => (s.post_id.length === 0 ? null : eb('posts.id', 'in', s.post_id));

/**
 * `values[key]=a,b`: any of the values. For non-managers only fields they see count, and never a
 * location or time their survey hides from them.
 */
const values: Filter = (eb, s, viewer) => {
  const parts: Condition[] = [];
  for (const [key, list] of Object.entries(s.values)) {
    if (list.length === 0) continue;
    const array = sql`(case when jsonb_typeof(posts.values -> ${key}) = 'array' then posts.values -> ${key} else '[]'::jsonb end)`;
    parts.push(sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${array}) v(x) where v.x = any(${list}::text[]))`);
    if (!viewer.manager)
      parts.push(sql<SqlBool>`exists (select 1 from form_attributes fa
        join form_stages fs on fs.id = fa.form_stage_id join forms f on f.id = fs.form_id
        where fs.form_id = posts.form_id and fa.key = ${key} and ${fieldVisible(viewer)}
          and (${isOwner(viewer)} or not ((fa.type = 'point' and f.hide_location) or (fa.type = 'datetime' and f.hide_time))))`);
  }
  return parts.length > 0 ? eb.and(parts) : null;
};

const exact: Filter = (eb, s) => {
  const parts: Condition[] = [];
  if (s.type) parts.push(eb('posts.type', '=', s.type));
  if (s.locale) parts.push(eb('posts.locale', '=', s.locale.toLowerCase()));
  if (s.slug) parts.push(eb('posts.slug', '=', s.slug));
  if (s.parent.length > 0) parts.push(eb('posts.parent_id', 'in', s.parent));
  return parts.length > 0 ? eb.and(parts) : null;
};

/** The demo tier shows only the deployment's first posts by id (spec 2 section 1). */
const demo: Filter = (_eb, s) =>
  s.demoLimit === null ? null : sql<SqlBool>`posts.id in (select d.id from posts d order by d.id limit ${s.demoLimit})`;

const FILTERS: Filter[] = [
  readable,
  status,
  form,
  q,
  tags,
  set,
  user,
  source,
  dates,
  createdById,
  bbox,
  withinKm,
  hasLocation,
  publishedTo,
  postId,
  values,
  exact,
  demo,
];

/**
 * Every post the viewer may read that matches the search: one `where` per filter of API-CONTRACT
 * 8.4, side tables through EXISTS so the planner can use their indexes. `/posts`, `/posts/geojson`
 * and `/posts/stats` all start here.
 */
export function filteredPosts(db: Executor, search: PostSearch, viewer: PostViewer): SelectQueryBuilder<Database, 'posts', object> {
  const statuses = viewer.userId === null ? ['published'] : search.status;
  const scoped = { ...viewer, publishedOnly: statuses !== 'all' && statuses.length > 0 && statuses.every((s) => s === 'published') };
  return db.selectFrom('posts').where((eb) => {
    const conditions = FILTERS.map((filter) => filter(eb, search, scoped)).filter((c): c is Condition => c !== null);
    return conditions.length > 0 ? eb.and(conditions) : sql<SqlBool>`true`;
  });
}

/**
 * How `total_count` is counted. In both modes, exactly from the running counts of `post_counts`
 * when the search only filters on status, survey, source and published_to (the default list, the
 * sidebar's survey filter, a GeoJSON page of every post). Otherwise `exact` counts every matching
 * row (GeoJSON paging relies on it), and `fast` stays quick at a million posts:
 * - the matching rows are counted up to `POST_TOTAL_COUNT_CAP` through a LIMITed
 *   subquery within a time budget: exact below the cap, the cap itself meaning "at least that many";
 * - and when even that takes longer than the budget (a selective filter that makes Postgres visit
 *   many rows to find few), the planner's estimate (the client rounds it: "about 58,000");
 * - a capped count is kept for the same filters and caller until a post changes, and one that ran
 *   out of its budget is finished in the background for the next request (`post-count-cache.ts`).
 * Never less than the rows up to the current page. `kind` says which (header `X-Total-Count-Kind`).
 */
export type CountMode = 'exact' | 'fast';
export type CountKind = TotalCountKind;

/** Sortable columns that may hold nulls (listed last either way). */
const NULLABLE_ORDER = new Set(['updated']);

/**
 * A page of 20 walks an index and stops: starting parallel workers for it cost ~30 ms at a million
 * posts (a radius page took 37 ms instead of 5), more than the whole query. Lists and their counts
 * run without them; the big aggregations (stats, cluster loads) keep them.
 */
const NO_PARALLEL_WORKERS = 'set local max_parallel_workers_per_gather = 0';

async function withoutParallelWorkers<T>(db: Executor, run: (ex: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  return (db as Db).transaction().execute(async (trx) => {
    await sql.raw(NO_PARALLEL_WORKERS).execute(trx);
    return run(trx);
  });
}

/** Time a capped count may take before the estimate answers instead. */
export const COUNT_BUDGET_MS = 15;
/** Time a count finished in the background may take (its answer is only for later requests). */
const BACKGROUND_COUNT_BUDGET_MS = 2_000;

const isQueryCanceled = (error: unknown) => (error as { code?: string } | null)?.code === '57014';

/** The capped count within `COUNT_BUDGET_MS`, on a session set up for it or in a transaction of its own. */
async function countWithinBudget(db: Db, sessions: ListSessions | null, capped: RawBuilder<{ total: number }>): Promise<number> {
  if (sessions) return (await capped.execute(sessions.counts)).rows[0]?.total ?? 0;
  return db.transaction().execute(async (trx) => {
    await sql.raw(`${NO_PARALLEL_WORKERS}; set local statement_timeout = '${COUNT_BUDGET_MS}ms'`).execute(trx);
    return (await capped.execute(trx)).rows[0]?.total ?? 0;
  });
}

/** How a list is counted, and with what help. */
export type CountOptions = {
  mode: CountMode;
  /** Sessions set up for pages and budgeted counts (null: transactions of their own). */
  sessions?: ListSessions | null;
  /** Counts already known for the same filters and caller. */
  cache?: PostCountCache | null;
};

const knownKind = (total: number): KnownCount['kind'] => (total >= POST_TOTAL_COUNT_CAP ? 'at_least' : 'exact');

async function countMatching(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  { mode, sessions = null, cache = null }: CountOptions,
): Promise<{ total: number; kind: CountKind }> {
  // Exact in either mode: the running counts, when the search filters only on what they hold (a
  // GeoJSON page of every published post no longer counts a million rows), else every matching row.
  if (countsAnswer(search, search.has_location !== 'all' && (await locationsAllVisible(db, viewer)))) {
    const cells = await countGroupsFromCounters(db, search, viewer, null, false);
    return { total: cells.reduce((sum, cell) => sum + cell.total, 0), kind: 'exact' };
  }
  if (mode === 'exact') {
    const count = await filteredPosts(db, search, viewer)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { total: Number(count.total), kind: 'exact' };
  }
  const matching = filteredPosts(db, search, viewer)
    .select(sql`1`.as('one'))
    .limit(POST_TOTAL_COUNT_CAP);
  const capped = sql<{ total: number }>`select count(*)::int as total from (${matching}) t`;
  if (db.isTransaction) {
    const total = (await capped.execute(db)).rows[0]?.total ?? 0;
    return { total, kind: knownKind(total) };
  }
  const key = cache ? countKey(search, viewer) : '';
  const known = cache?.get(key);
  if (known) return known;
  const version = cache?.version() ?? 0;
  // The planner's estimate is asked for at once, beside the count: when the count runs out of its
  // budget the answer is ready instead of costing another round trip and plan after the wait.
  const estimate = estimateMatching(db, search, viewer);
  estimate.catch(() => undefined);
  const shape = cache ? shapeKey(search, viewer) : '';
  if (!cache?.hopeless(shape)) {
    try {
      const total = await countWithinBudget(db as Db, sessions, capped);
      cache?.set(key, { total, kind: knownKind(total) }, version);
      return { total, kind: knownKind(total) };
    } catch (error) {
      if (!isQueryCanceled(error)) throw error;
      cache?.ranOut(shape);
    }
  }
  // Counted to the end (never past the cap, nor past its own budget) in the background, for the
  // next request. Not on the embedded database: it would hold its only transaction meanwhile.
  if (sessions)
    cache?.fill(key, () =>
      (db as Db).transaction().execute(async (trx) => {
        await sql.raw(`${NO_PARALLEL_WORKERS}; set local statement_timeout = '${BACKGROUND_COUNT_BUDGET_MS}ms'`).execute(trx);
        const total = (await capped.execute(trx)).rows[0]?.total ?? 0;
        return { total, kind: knownKind(total) };
      }),
    );
  // Not capped: "about 58,000" says more than "about 10,000" of sixty thousand matches.
  return { total: await estimate, kind: 'estimate' };
}

/** What Postgres assumes of a comparison it has no statistics for, such as a distance. */
const DEFAULT_INEQUALITY_SELECTIVITY = 1 / 3;
/** How much of its bounding box a circle fills. */
const CIRCLE_IN_BOX = Math.PI / 4;

async function estimateMatching(db: Executor, search: PostSearch, viewer: PostViewer): Promise<number> {
  const plan = await sql<{
    'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
  }>`explain (format json) ${filteredPosts(db, search, viewer).select(sql`1`.as('one'))}`.execute(db);
  const rows = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  // A radius tested on the posts' own places: Postgres knows how many posts the circle's box holds
  // and takes a third of them for the distance; a circle holds about π/4 of its box (an estimate
  // half the true count for 10 km around Nairobi at a million posts, 4,461 for 9,788, before this).
  const radius = search.center_point && search.within_km !== undefined && seesPlacesAsStored(viewer);
  return Math.round(radius ? (rows * CIRCLE_IN_BOX) / DEFAULT_INEQUALITY_SELECTIVITY : rows);
}

export async function searchPosts(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  paging: Paging,
  counting: CountOptions = { mode: 'exact' },
): Promise<{ rows: PostRow[]; total: number; totalKind: CountKind }> {
  const countMode = counting.mode;
  const lists = db.isTransaction ? null : (counting.sessions ?? null);
  const page = (ex: Executor) => {
    let query = filteredPosts(ex, search, viewer)
      .selectAll('posts')
      .orderBy(sql.ref(`posts.${paging.orderby}`), (ob) => {
        const ordered = paging.order === 'desc' ? ob.desc() : ob.asc();
        // Only `updated` can be null. Saying `nulls last` on a not-null column would still stop the
        // planner from walking the `(created desc, id desc)` style indexes (desc means nulls first):
        // a full sort of every match instead of reading 20 index entries.
        return NULLABLE_ORDER.has(paging.orderby) ? ordered.nullsLast() : ordered;
      })
      .orderBy('posts.id', paging.order)
      .offset(paging.offset);
    if (paging.limit !== null) query = query.limit(paging.limit);
    return query.execute();
  };
  // The newest page of the plain list walks its index with no workers planned: no transaction needed.
  const rowsOf = countsAnswer(search) ? page(db) : lists ? page(lists.pages) : withoutParallelWorkers(db, page);
  const [rows, count] = await Promise.all([rowsOf, countMatching(db, search, viewer, { ...counting, sessions: lists })]);
  const seen = rows.length > 0 ? paging.offset + rows.length : 0;
  // A page that is not full ends the list: the total is known exactly whatever the count said.
  if (countMode === 'fast' && paging.limit !== null && rows.length < paging.limit && (rows.length > 0 || paging.offset === 0))
    return { rows, total: seen, totalKind: 'exact' };
  // A full page means there may be more: an estimate is at least one past it.
  const floor = count.kind === 'estimate' && paging.limit !== null && rows.length === paging.limit ? seen + 1 : seen;
  return { rows, total: Math.max(count.total, floor), totalKind: count.kind };
}
