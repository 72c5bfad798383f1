import { POST_TOTAL_COUNT_CAP, type TotalCountKind } from '@platform/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor, ListSessions } from '../../../db/database';
import type { Paging } from '../../../http/query';
import type { PostRow } from '../posts.repository';
import { countKey, shapeKey, type CountCache, type KnownCount } from './count-cache';
import { countGroupsFromCounters, locationsAllVisible } from './counters.repository';
import { countersAnswer, filteredPosts } from './filters';
import { seesPlacesAsStored, type PostSearch, type PostViewer } from './post-search';

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
 *   out of its budget is finished in the background for the next request (`count-cache.ts`).
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
  cache?: CountCache | null;
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
  const locationsVisible = search.has_location !== 'all' && (await locationsAllVisible(db, viewer));
  if (countersAnswer(search, viewer, { table: 'post_counts', locationsVisible })) {
    const cells = await countGroupsFromCounters(db, search, viewer, { locationsVisible });
    return { total: cells.reduce((sum, cell) => sum + cell.total, 0), kind: 'exact' };
  }
  // A demo site's search matches its first posts only (`demoLimit`): counting them is cheap, and
  // the planner's guess for that subquery is far off (2 of 25 posts, so the plan's limit never showed).
  if (mode === 'exact' || search.demoLimit !== null) {
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
  const plain = countersAnswer(search, viewer, { table: 'post_counts', locationsVisible: false });
  const rowsOf = plain ? page(db) : lists ? page(lists.pages) : withoutParallelWorkers(db, page);
  const [rows, count] = await Promise.all([rowsOf, countMatching(db, search, viewer, { ...counting, sessions: lists })]);
  const seen = rows.length > 0 ? paging.offset + rows.length : 0;
  // A page that is not full ends the list: the total is known exactly whatever the count said.
  if (countMode === 'fast' && paging.limit !== null && rows.length < paging.limit && (rows.length > 0 || paging.offset === 0))
    return { rows, total: seen, totalKind: 'exact' };
  // A full page means there may be more: an estimate is at least one past it.
  const floor = count.kind === 'estimate' && paging.limit !== null && rows.length === paging.limit ? seen + 1 : seen;
  return { rows, total: Math.max(count.total, floor), totalKind: count.kind };
}
