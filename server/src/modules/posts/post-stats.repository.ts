import type { PostStatsGroup } from '@platform/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import { filteredPosts, pointFieldsHidden, seesPlacesAsStored, type PostSearch, type PostViewer } from './posts-search.repository';

/** One counted cell: a group (`gid`, with `gtype` the source for surveys) and a timeline bucket. */
export type StatsCell = { gid: string | null; gtype: string; bucket: number | null; total: number };

export type StatsGrouping = {
  groupBy: PostStatsGroup | null;
  attributeKey: string | null;
  /** `group_by=tags`: children of this category, or the top-level ones. */
  tagsParent: number | 'all';
  /** Group surveys by survey and source (the grouped answer) or by survey only (a timeline's series). */
  formBySource: boolean;
  timeline: { attribute: string; interval: number } | null;
  /** A further condition on the row `posts`. */
  extra?: RawBuilder<boolean>;
};

/**
 * A field `key` whose values the viewer may count on the row `posts`: any for managers; for others
 * a field shown once published, not a private response, and never a location or time their survey
 * hides (stats of non-managers only count published posts).
 */
const fieldCountable = (viewer: PostViewer, key: string, type: 'any' | 'datetime'): RawBuilder<boolean> => {
  const typed = type === 'datetime' ? sql` and fa.type in ('datetime', 'date')` : sql``;
  const hidden = viewer.manager
    ? sql``
    : sql` and fs.show_when_published and not fs.task_is_internal_only and not fa.response_private
        and not ((fa.type = 'point' and f.hide_location) or (fa.type in ('datetime', 'date') and f.hide_time))`;
  return sql<boolean>`exists (select 1 from form_attributes fa
    join form_stages fs on fs.id = fa.form_stage_id join forms f on f.id = fs.form_id
    where fs.form_id = posts.form_id and fa.key = ${key}${typed}${hidden})`;
};

const valuesOf = (key: string) =>
  sql`(case when jsonb_typeof(posts."values" -> ${key}) = 'array' then posts."values" -> ${key} else '[]'::jsonb end)`;

/** ` where a and b ...`, or nothing without conditions. */
const whereAll = (conditions: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;

/** The time a timeline buckets on: a post column, or the first value of a date field. */
function timeOf(viewer: PostViewer, attribute: string): { expr: RawBuilder<unknown>; visible: RawBuilder<boolean> | null } {
  if (attribute === 'created' || attribute === 'updated' || attribute === 'post_date')
    return { expr: sql.ref(`posts.${attribute}`), visible: null };
  return {
    expr: sql`platform_try_timestamptz(posts."values" -> ${attribute} ->> 0)`,
    visible: fieldCountable(viewer, attribute, 'datetime'),
  };
}

/**
 * Categories the viewer may read (the top-down walk of the tags module, whose roles every ancestor
 * must admit), and the groups of `group_by=tags`: each root with itself and all its descendants.
 */
function tagGroupsCte(viewer: PostViewer, parent: number | 'all'): RawBuilder<unknown> {
  const roleOk = (alias: string) =>
    sql`(${sql.ref(`${alias}.role`)} is null or cardinality(${sql.ref(`${alias}.role`)}) = 0 or ${viewer.role}::text = any(${sql.ref(`${alias}.role`)}))`;
  const visible = viewer.manager
    ? sql`visible_tags(id) as (select id from tags)`
    : sql`visible_tags(id) as (
        select t.id from tags t where t.parent_id is null and ${roleOk('t')}
        union
        select c.id from tags c join visible_tags v on c.parent_id = v.id where ${roleOk('c')})`;
  const roots = parent === 'all' ? sql`t.parent_id is null` : sql`t.parent_id = ${parent}`;
  return sql`with recursive ${visible},
    tag_groups(root_id, tag_id) as (
      select t.id, t.id from tags t where ${roots} and t.type = 'category' and t.id in (select id from visible_tags)
      union
      select g.root_id, c.id from tags c join tag_groups g on c.parent_id = g.tag_id where c.id in (select id from visible_tags))`;
}

/** The group roots of `group_by=tags` (zero counts included), with names. */
export async function tagGroupRoots(db: Executor, viewer: PostViewer, parent: number | 'all'): Promise<Array<{ id: number; tag: string }>> {
  const { rows } = await sql<{ id: number; tag: string }>`${tagGroupsCte(viewer, parent)}
    select t.id, t.tag from tags t where t.id in (select root_id from tag_groups) order by t.priority, t.id`.execute(db);
  return rows;
}

/**
 * Counts of the posts matching the search, per group and timeline bucket, in one set-based
 * statement over the indexed filters of `filteredPosts` (the same `where` as `GET /posts`).
 */
export async function countGroups(db: Executor, search: PostSearch, viewer: PostViewer, grouping: StatsGrouping): Promise<StatsCell[]> {
  const matching = filteredPosts(db, search, viewer).select([
    'posts.id',
    'posts.form_id',
    'posts.user_id',
    'posts.status',
    'posts.source',
    'posts.created',
    'posts.updated',
    'posts.post_date',
    'posts.values',
    'posts.published_to',
  ]);
  const conditions: RawBuilder<unknown>[] = grouping.extra ? [grouping.extra] : [];
  let bucket: RawBuilder<unknown> = sql`null::bigint`;
  if (grouping.timeline) {
    const time = timeOf(viewer, grouping.timeline.attribute);
    const interval = grouping.timeline.interval;
    bucket = sql`(floor(extract(epoch from ${time.expr}) / ${interval}::float8) * ${interval}::bigint)::bigint`;
    conditions.push(sql`${time.expr} is not null`);
    if (time.visible) conditions.push(time.visible);
  }

  let from: RawBuilder<unknown> = sql`(${matching}) posts`;
  let prefix: RawBuilder<unknown> = sql``;
  let gid: RawBuilder<unknown> = sql`null::text`;
  let gtype: RawBuilder<unknown> = sql`'web'`;
  let counted: RawBuilder<unknown> = sql`count(*)`;
  switch (grouping.groupBy) {
    case 'form':
      gid = sql`posts.form_id::text`;
      if (grouping.formBySource) gtype = sql`coalesce(posts.source, 'web')`;
      break;
    case 'status':
      gid = sql`posts.status`;
      break;
    case 'source':
      gid = sql`coalesce(posts.source, 'web')`;
      break;
    case 'tags': {
      prefix = tagGroupsCte(viewer, grouping.tagsParent);
      from = sql`(${matching}) posts join posts_tags pt on pt.post_id = posts.id join tag_groups g on g.tag_id = pt.tag_id`;
      gid = sql`g.root_id::text`;
      counted = sql`count(distinct posts.id)`;
      // A category chosen in a field the viewer does not see does not count for them.
      if (!viewer.manager)
        conditions.push(sql`(pt.form_attribute_id is null or exists (
          select 1 from form_attributes fa join form_stages fs on fs.id = fa.form_stage_id
          where fa.id = pt.form_attribute_id and fs.show_when_published and not fs.task_is_internal_only and not fa.response_private))`);
      break;
    }
    case 'attribute': {
      const key = grouping.attributeKey ?? '';
      from = sql`(${matching}) posts cross join lateral jsonb_array_elements_text(${valuesOf(key)}) v(x)`;
      gid = sql`v.x`;
      counted = sql`count(distinct posts.id)`;
      conditions.push(fieldCountable(viewer, key, 'any'));
      break;
    }
    default:
      break;
  }
  const where = whereAll(conditions);
  const { rows } = await sql<{ gid: string | null; gtype: string; bucket: string | null; total: number }>`${prefix}
    select ${gid} as gid, ${gtype} as gtype, ${bucket} as bucket, ${counted}::int as total
    from ${from}${where}
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ ...r, bucket: r.bucket === null ? null : Number(r.bucket) }));
}

/**
 * Whether every location the viewer could be shown is a post's location: true for managers, and
 * for others unless some location field is hidden from them (internal, shown only once published,
 * or a private response). Then `posts.mapped` and the running counts answer location filters.
 */
export async function locationsAllVisible(db: Executor, viewer: PostViewer): Promise<boolean> {
  return seesPlacesAsStored(viewer) || !(await pointFieldsHidden(db, { rounded: false }));
}

/** Matching posts without a location the viewer sees (`include_unmapped`). */
export async function countUnmapped(db: Executor, search: PostSearch, viewer: PostViewer): Promise<number> {
  const unmapped: PostSearch = { ...search, has_location: 'unmapped' };
  if (countsAnswer(unmapped, await locationsAllVisible(db, viewer))) {
    const cells = await countGroupsFromCounters(db, unmapped, viewer, null, false);
    return cells.reduce((sum, cell) => sum + cell.total, 0);
  }
  const row = await filteredPosts(db, unmapped, viewer)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function formNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('forms').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Delta rows a read may sum before it folds them (`post_counts_compact`). */
const COMPACT_AFTER = 2000;

/** Groups the running counts of `post_counts` answer (no timeline, no categories or values). */
export type CountedGroup = null | 'form' | 'status' | 'source';

/**
 * True when the search only filters on what `post_counts` is keyed by (status, survey, source,
 * published_to, and whether posts have a location when every location is one the viewer sees):
 * then the counts come from a few hundred rows instead of a scan of the posts.
 */
export function countsAnswer(search: PostSearch, locationsVisible = false): boolean {
  return (
    !search.q &&
    search.tags.any.length === 0 &&
    search.tags.all.length === 0 &&
    search.set.length === 0 &&
    search.user.length === 0 &&
    !search.created_after &&
    !search.created_before &&
    !search.updated_after &&
    !search.updated_before &&
    !search.date_after &&
    !search.date_before &&
    !search.created_before_by_id &&
    !search.created_after_by_id &&
    !search.bbox &&
    !(search.center_point && search.within_km !== undefined) &&
    (search.has_location === 'all' || locationsVisible) &&
    search.post_id.length === 0 &&
    Object.values(search.values).every((list) => list.length === 0) &&
    !search.type &&
    !search.locale &&
    !search.slug &&
    search.parent.length === 0 &&
    search.demoLimit === null
  );
}

/** Roles admit a row with columns `published_to` (the read rule of API-CONTRACT 8.5 for non-managers). */
const rolesAdmit = (viewer: PostViewer, column: RawBuilder<unknown>) =>
  viewer.role === null
    ? sql<boolean>`cardinality(${column}) = 0`
    : sql<boolean>`(cardinality(${column}) = 0 or ${viewer.role}::text = any(${column}))`;

/** The conditions of a search on a counts table aliased `c` (status, survey, source, published_to, the read rule). */
function counterConditions(search: PostSearch, viewer: PostViewer): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const statuses = viewer.userId === null && !viewer.manager ? ['published'] : search.status;
  if (statuses !== 'all') where.push(sql`c.status = any(${statuses}::text[])`);
  if (search.form.length > 0) {
    const ids = search.form.filter((v): v is number => typeof v === 'number');
    const parts = [sql`c.form_id = any(${ids}::int[])`];
    if (search.form.includes('none')) parts.push(sql`c.form_id is null`);
    where.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (search.source.length > 0) {
    const named = search.source.filter((v) => v !== 'web');
    const parts = [sql`c.source = any(${named}::text[])`];
    if (search.source.includes('web')) parts.push(sql`c.source is null or c.source = 'web'`);
    where.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (search.published_to.length > 0) where.push(sql`c.published_to && ${search.published_to}::text[]`);
  if (!viewer.manager) where.push(sql`c.status = 'published' and ${rolesAdmit(viewer, sql.ref('c.published_to'))}`);
  return where;
}

const counterGroup = (groupBy: CountedGroup): RawBuilder<unknown> =>
  groupBy === 'form'
    ? sql`c.form_id::text`
    : groupBy === 'status'
      ? sql`c.status`
      : groupBy === 'source'
        ? sql`coalesce(c.source, 'web')`
        : sql`null::text`;

/** The grouped counts from `post_counts` for a search `countsAnswer` accepts, exact (see `withOwnPosts`). */
export async function countGroupsFromCounters(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  groupBy: CountedGroup,
  formBySource: boolean,
): Promise<StatsCell[]> {
  const where = counterConditions(search, viewer);
  if (search.has_location !== 'all') where.push(sql`c.mapped = ${search.has_location === 'mapped'}`);
  const gid = counterGroup(groupBy);
  const gtype = groupBy === 'form' && formBySource ? sql`coalesce(c.source, 'web')` : sql`'web'`;
  const filter = whereAll(where);
  const { rows } = await sql<{ gid: string | null; gtype: string; total: number; deltas: number }>`
    select ${gid} as gid, ${gtype} as gtype, sum(c.n)::int as total, count(*)::int as deltas from post_counts c${filter}
    group by 1, 2`.execute(db);
  // Every write appends a delta row: fold them once they pile up (reads stay a few hundred rows).
  if (rows.reduce((sum, r) => sum + r.deltas, 0) > COMPACT_AFTER) await sql`select post_counts_compact()`.execute(db);
  const cells: StatsCell[] = rows.filter((r) => r.total !== 0).map(({ gid, gtype, total }) => ({ gid, gtype, total, bucket: null }));
  return withOwnPosts(db, search, viewer, cells, { groupBy, formBySource, timeline: null });
}

/**
 * The counts tables give a non-manager the published posts their role admits; their own posts
 * that are not (drafts, or published to other roles) are counted from the posts themselves through
 * the per-user index and added, so the sum is exactly what the read rule lets them see.
 */
async function withOwnPosts(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  cells: StatsCell[],
  grouping: Pick<StatsGrouping, 'groupBy' | 'formBySource' | 'timeline'>,
): Promise<StatsCell[]> {
  if (viewer.manager || viewer.userId === null) return cells;
  const own = await countGroups(db, search, viewer, {
    ...grouping,
    attributeKey: null,
    tagsParent: 'all',
    extra: sql<boolean>`posts.user_id = ${viewer.userId}
      and not (posts.status = 'published' and ${rolesAdmit(viewer, sql.ref('posts.published_to'))})`,
  });
  return addCells(cells, own);
}

/** Delta rows a daily read may sum before it folds them (a normal fold comes with `post_counts`). */
const DAY_COMPACT_AFTER = 200_000;

const DAY_MS = 86_400_000;

/**
 * A created range (inclusive at both ends, either open) cut at UTC midnights: the whole days from
 * `from` (inclusive) to `to` (exclusive) are summed from `post_day_counts`, and the part days at its
 * ends (`after` up to `from`, `to` up to `before`) are counted from the posts. Null when no whole
 * day lies inside the range.
 */
export function wholeDaysOf(after: Date | undefined, before: Date | undefined): { from: Date | null; to: Date | null } | null {
  const from = after ? new Date(Math.ceil(after.getTime() / DAY_MS) * DAY_MS) : null;
  const to = before ? new Date(Math.floor(before.getTime() / DAY_MS) * DAY_MS) : null;
  return from && to && from >= to ? null : { from, to };
}

/**
 * A timeline on `created` with whole-day buckets, from `post_day_counts` (exact, the caller's own
 * unpublished posts added): for a search `countsAnswer` accepts but for a created range, without a
 * location filter. The part days at the ends of a range are counted from the posts (a day or two
 * of them at most). Buckets start at multiples of the interval from the epoch, as the scanning
 * statement's do.
 */
export async function countTimelineFromDays(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  groupBy: CountedGroup,
  interval: number,
): Promise<StatsCell[]> {
  const days = wholeDaysOf(search.created_after, search.created_before) ?? { from: null, to: null };
  const where = counterConditions(search, viewer);
  // Postgres names the days: a range's end may fall in year 10000, which no ISO string of JavaScript writes as a date.
  const utcDay = (at: Date) => sql`(${at}::timestamptz at time zone 'UTC')::date`;
  if (days.from) where.push(sql`c.day >= ${utcDay(days.from)}`);
  if (days.to) where.push(sql`c.day < ${utcDay(days.to)}`);
  const bucket = sql`(floor(extract(epoch from c.day::timestamp) / ${interval}::float8) * ${interval}::bigint)::bigint`;
  const timeline = { attribute: 'created', interval };
  // The part days count what the daily table holds for the caller: a non-manager's own posts
  // that their role does not admit are added once, for the whole range, by `withOwnPosts`.
  const admitted = viewer.manager
    ? null
    : sql<boolean>`posts.status = 'published' and ${rolesAdmit(viewer, sql.ref('posts.published_to'))}`;
  const partDay = (part: PostSearch, end: RawBuilder<boolean> | null) => {
    const extra = [admitted, end].filter((c): c is RawBuilder<boolean> => c !== null);
    return countGroups(db, part, viewer, {
      groupBy,
      attributeKey: null,
      tagsParent: 'all',
      formBySource: false,
      timeline,
      extra: extra.length > 0 ? sql<boolean>`${sql.join(extra, sql` and `)}` : undefined,
    });
  };
  const [{ rows }, head, tail] = await Promise.all([
    sql<{ gid: string | null; bucket: string; total: number; deltas: number }>`
      select ${counterGroup(groupBy)} as gid, ${bucket} as bucket, sum(c.n)::int as total, count(*)::int as deltas
      from post_day_counts c${whereAll(where)} group by 1, 2`.execute(db),
    days.from && search.created_after && search.created_after < days.from
      ? partDay({ ...search, created_before: undefined }, sql<boolean>`posts.created < ${days.from}`)
      : [],
    days.to ? partDay({ ...search, created_after: days.to }, null) : [],
  ]);
  if (rows.reduce((sum, r) => sum + r.deltas, 0) > DAY_COMPACT_AFTER) await sql`select post_day_counts_compact()`.execute(db);
  const cells = rows.filter((r) => r.total !== 0).map((r) => ({ gid: r.gid, gtype: 'web', bucket: Number(r.bucket), total: r.total }));
  return withOwnPosts(db, search, viewer, addCells(cells, [...head, ...tail]), { groupBy, formBySource: false, timeline });
}

/** Adds counted cells into `cells`, summing those of the same group and bucket. */
function addCells(cells: StatsCell[], more: StatsCell[]): StatsCell[] {
  for (const cell of more) {
    const same = cells.find((c) => c.gid === cell.gid && c.gtype === cell.gtype && c.bucket === cell.bucket);
    if (same) same.total += cell.total;
    else cells.push(cell);
  }
  return cells;
}

/** Whether `countTimelineFromDays` answers this timeline exactly (no created range, or one with a whole day in it). */
export const daysAnswer = (search: PostSearch, attribute: string, interval: number): boolean =>
  attribute === 'created' &&
  interval % 86_400 === 0 &&
  search.has_location === 'all' &&
  countsAnswer({ ...search, created_after: undefined, created_before: undefined }) &&
  wholeDaysOf(search.created_after, search.created_before) !== null;
