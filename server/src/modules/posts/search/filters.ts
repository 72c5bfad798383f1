import { expressionBuilder, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, Executor } from '../../../db/database';
import type { CountersOn } from './counter-sql';
import { readable, type Condition } from './filter-sql';
import { countersReadable, FILTERS, type FilterTable, type PointFilter } from './filter-table';
import { scopedViewer, type PostSearch, type PostViewer, type ScopedViewer } from './post-search';

/**
 * The filter table applied: in SQL always, on the running counts and on the map's memory when
 * their forms can tell every filter of a search. Which filters a search uses is asked of their SQL
 * form, so a filter the SQL applies is never skipped by a faster form that lacks it.
 */

type Field = keyof PostSearch;
const FIELDS = Object.keys(FILTERS) as Field[];

/** Builds conditions outside a query: asking a filter's SQL form whether it filters costs no statement. */
const probe = expressionBuilder<Database, 'posts'>();

const filtersOn = (table: FilterTable, field: Field, search: PostSearch, viewer: ScopedViewer): boolean =>
  table[field].sql(probe, search, viewer) !== null;

/**
 * Every post the viewer may read that matches the search: one `where` per filter of API-CONTRACT
 * 8.4, side tables through EXISTS so the planner can use their indexes. `/posts`, `/posts/geojson`
 * and `/posts/stats` all start here.
 */
export function filteredPosts(db: Executor, search: PostSearch, viewer: PostViewer): SelectQueryBuilder<Database, 'posts', object> {
  const scoped = scopedViewer(viewer, search);
  return db.selectFrom('posts').where((eb) => {
    const conditions = [readable, ...FIELDS.map((field) => FILTERS[field].sql)]
      .map((filter) => filter(eb, search, scoped))
      .filter((c): c is Condition => c !== null);
    return conditions.length > 0 ? eb.and(conditions) : sql<SqlBool>`true`;
  });
}

/**
 * The search's conditions on the running counts `c` (the read rule last), or null when they cannot
 * answer it: some filter it uses has no counters form, or one that cannot tell this value.
 */
export function counterConditions(
  search: PostSearch,
  viewer: PostViewer,
  on: CountersOn,
  table: FilterTable = FILTERS,
): RawBuilder<unknown>[] | null {
  const scoped = scopedViewer(viewer, search);
  const where: RawBuilder<unknown>[] = [];
  for (const field of FIELDS) {
    const counters = table[field].counters;
    const condition = counters ? counters(search, viewer, on) : filtersOn(table, field, search, scoped) ? false : null;
    if (condition === false) return null;
    if (condition !== null) where.push(condition);
  }
  const rule = countersReadable(viewer);
  if (rule) where.push(rule);
  return where;
}

/**
 * True when the search only filters on what the running counts are keyed by (status, survey,
 * source, published_to, whether posts have a location when every location is one the viewer sees,
 * and for the daily counts days of creation): the counts then come from a few hundred rows instead
 * of a scan of the posts.
 */
export const countersAnswer = (search: PostSearch, viewer: PostViewer, on: CountersOn): boolean =>
  counterConditions(search, viewer, on) !== null;

/**
 * The search's filters on the map's points in memory (survey, status, source, the three date
 * ranges), or null when the points cannot tell some filter it uses: it is then loaded by SQL.
 */
export function memoryFilters(search: PostSearch, viewer: PostViewer, table: FilterTable = FILTERS): PointFilter[] | null {
  const scoped = scopedViewer(viewer, search);
  const filters: PointFilter[] = [];
  for (const field of FIELDS) {
    const memory = table[field].memory;
    const filter = memory ? memory.filter(search) : filtersOn(table, field, search, scoped) ? false : null;
    if (filter === false) return null;
    if (filter !== null) filters.push(filter);
  }
  return filters;
}

/** The search the points in memory are loaded with: every filter with a memory form keeps all. */
export function memoryBase(search: PostSearch, table: FilterTable = FILTERS): PostSearch {
  const base: Record<string, unknown> = { ...search };
  for (const field of FIELDS) {
    const memory = table[field].memory;
    if (memory) base[field] = memory.keepsAll;
  }
  return base as PostSearch;
}
