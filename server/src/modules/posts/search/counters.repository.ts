import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import { rolesAdmit, wholeDaysOf, type CountersOn } from './counter-sql';
import { pointFieldsHidden } from './filter-sql';
import { counterConditions, countersAnswer, filteredPosts } from './filters';
import { countGroups, whereAll, type StatsCell, type StatsGrouping } from './grouped-counts.repository';
import { seesPlacesAsStored, type PostSearch, type PostViewer } from './post-search';

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
  const locationsVisible = await locationsAllVisible(db, viewer);
  if (countersAnswer(unmapped, viewer, { table: 'post_counts', locationsVisible })) {
    const cells = await countGroupsFromCounters(db, unmapped, viewer, { locationsVisible });
    return cells.reduce((sum, cell) => sum + cell.total, 0);
  }
  const row = await filteredPosts(db, unmapped, viewer)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Delta rows a read may sum before it folds them (`post_counts_compact`). */
const COMPACT_AFTER = 2000;

/** Groups the running counts of `post_counts` answer (no timeline, no categories or values). */
export type CountedGroup = null | 'form' | 'status' | 'source';

const counterGroup = (groupBy: CountedGroup): RawBuilder<unknown> =>
  groupBy === 'form'
    ? sql`c.form_id::text`
    : groupBy === 'status'
      ? sql`c.status`
      : groupBy === 'source'
        ? sql`coalesce(c.source, 'web')`
        : sql`null::text`;

/** The conditions of a search the running counts answer; a caller that did not ask first learns here. */
function conditionsOf(search: PostSearch, viewer: PostViewer, on: CountersOn): RawBuilder<unknown>[] {
  const where = counterConditions(search, viewer, on);
  if (!where) throw new Error(`the running counts (${on.table}) cannot answer this search`);
  return where;
}

/**
 * The grouped counts from `post_counts` for a search `countersAnswer` accepts, exact (see
 * `withOwnPosts`). `locationsVisible`: what `locationsAllVisible` said, for a location filter.
 */
export async function countGroupsFromCounters(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  {
    groupBy = null,
    formBySource = false,
    locationsVisible = false,
  }: { groupBy?: CountedGroup; formBySource?: boolean; locationsVisible?: boolean },
): Promise<StatsCell[]> {
  const where = conditionsOf(search, viewer, { table: 'post_counts', locationsVisible });
  const gid = counterGroup(groupBy);
  const gtype = groupBy === 'form' && formBySource ? sql`coalesce(c.source, 'web')` : sql`'web'`;
  const { rows } = await sql<{ gid: string | null; gtype: string; total: number; deltas: number }>`
    select ${gid} as gid, ${gtype} as gtype, sum(c.n)::int as total, count(*)::int as deltas from post_counts c${whereAll(where)}
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

/**
 * A timeline on `created` with whole-day buckets, from `post_day_counts` (exact, the caller's own
 * unpublished posts added): for a search `daysAnswer` accepts. The part days at the ends of a
 * created range are counted from the posts (a day or two of them at most). Buckets start at
 * multiples of the interval from the epoch, as the scanning statement's do.
 */
export async function countTimelineFromDays(
  db: Executor,
  search: PostSearch,
  viewer: PostViewer,
  groupBy: CountedGroup,
  interval: number,
): Promise<StatsCell[]> {
  const days = wholeDaysOf(search.created_after, search.created_before) ?? { from: null, to: null };
  const where = conditionsOf(search, viewer, { table: 'post_day_counts', locationsVisible: false });
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
export const daysAnswer = (search: PostSearch, viewer: PostViewer, attribute: string, interval: number): boolean =>
  attribute === 'created' &&
  interval % 86_400 === 0 &&
  countersAnswer(search, viewer, { table: 'post_day_counts', locationsVisible: false }) &&
  wholeDaysOf(search.created_after, search.created_before) !== null;
