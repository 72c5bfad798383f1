import { isDbIdText } from '@platform/shared';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { likeContains } from '../../../db/like';
import { rolesAdmit, utcDay, wholeDaysOf, type CountersOn } from './counter-sql';
import { bbox, hasLocation, tags, values, withinKm, type Condition, type SqlFilter } from './filter-sql';
import { NEVER, NO_FORM, SOURCE_CODES, STATUS_CODES, type PostColumns } from './post-columns';
import type { PostSearch, PostViewer } from './post-search';

/**
 * Keeps, of the first `n` point rows in `rows`, those passing a filter (moved to the front), and
 * says how many. A pass per filter, each a tight loop over one column: a test per point per filter
 * through one call site took up to twice as long at a million points.
 */
export type PointFilter = (columns: PostColumns, rows: Int32Array, n: number) => number;

/**
 * What a filter means, once per form. `sql` is the meaning; the others are faster forms of it for
 * what they can hold, each answering `false` when it cannot tell this search (the search then goes
 * to SQL, see `filters.ts`). A filter without a form of a kind always goes to SQL when it filters.
 */
export type FilterForms<Value> = {
  /** The condition on the row `posts`; null when the search does not filter on this field. */
  sql: SqlFilter;
  /** The condition on a row `c` of the running counts (`counter-sql.ts`), null for none. */
  counters?: (search: PostSearch, viewer: PostViewer, on: CountersOn) => RawBuilder<unknown> | null | false;
  /** On the map's points in memory (`post-columns.ts`), loaded with this field at `keepsAll`. */
  memory?: { filter: (search: PostSearch) => PointFilter | null | false; keepsAll: Value };
};

/** Every field of the shared post list query (and the demo cap): one that is not here does not compile. */
export type FilterTable = { readonly [K in keyof PostSearch]-?: FilterForms<PostSearch[K]> };

const known = (source: string) => (SOURCE_CODES as readonly string[]).includes(source);

/** Points whose code in `column` is one of `codes`. */
const codeIn =
  (column: 'formIds' | 'status' | 'source', codes: Set<number>): PointFilter =>
  (columns, rows, n) => {
    const values = columns[column];
    let kept = 0;
    for (let j = 0; j < n; j++) if (codes.has(values[rows[j]!]!)) rows[kept++] = rows[j]!;
    return kept;
  };

type TimeField = 'created_after' | 'created_before' | 'updated_after' | 'updated_before' | 'date_after' | 'date_before';
const POINT_TIMES = { created: 'created', updated: 'updated', post_date: 'postDate' } as const;

/**
 * One end of a time range: `posts.<column> <op> value` in SQL, and the same comparison on the
 * points' column, so the two cannot disagree on which end is inclusive. A post never updated has
 * no update time.
 */
function timeBound(field: TimeField, column: keyof typeof POINT_TIMES, op: '>=' | '>' | '<='): FilterForms<Date | undefined> {
  const times = POINT_TIMES[column];
  const undated = column === 'updated' ? NEVER : NaN;
  return {
    sql: (eb, s) => {
      const at = s[field];
      return at ? eb(`posts.${column}`, op, at) : null;
    },
    memory: {
      filter: (s) => {
        const at = s[field];
        if (at === undefined) return null;
        const ms = at.getTime();
        const [from, after, to] =
          op === '>=' ? [ms, -Infinity, Infinity] : op === '>' ? [-Infinity, ms, Infinity] : [-Infinity, -Infinity, ms];
        return (columns, rows, n) => {
          const column = columns[times];
          let kept = 0;
          for (let j = 0; j < n; j++) {
            const time = column[rows[j]!]!;
            if (time >= from && time > after && time <= to && time !== undated) rows[kept++] = rows[j]!;
          }
          return kept;
        };
      },
      keepsAll: undefined,
    },
  };
}

/** Display options of the list, read with the filters: no condition anywhere. */
const NOT_A_FILTER: FilterForms<string[]> = {
  sql: () => null,
  counters: () => null,
  memory: { filter: () => null, keepsAll: [] },
};

/**
 * The filters of API-CONTRACT 8.4 in the order their conditions are written. `/posts`,
 * `/posts/geojson`, `/posts/stats`, `/posts/clusters` and saved-search notifications all read this.
 */
export const FILTERS: FilterTable = {
  /** Default `published` only, even for managers; `all` disables it; anonymous callers always get published. */
  status: {
    sql: (eb, s, viewer) => {
      const list = viewer.userId === null ? ['published' as const] : s.status;
      return list === 'all' ? null : eb('posts.status', 'in', list);
    },
    counters: (s, viewer) => {
      const list = viewer.userId === null && !viewer.manager ? ['published'] : s.status;
      return list === 'all' ? null : sql`c.status = any(${list}::text[])`;
    },
    memory: {
      filter: (s) => (s.status === 'all' ? null : codeIn('status', new Set(s.status.map((status) => STATUS_CODES.indexOf(status))))),
      keepsAll: 'all',
    },
  },
  form: {
    sql: (eb, s) => {
      if (s.form.length === 0) return null;
      const ids = s.form.filter((v): v is number => typeof v === 'number');
      const parts: Condition[] = [];
      if (ids.length > 0) parts.push(eb('posts.form_id', 'in', ids));
      if (s.form.includes('none')) parts.push(eb('posts.form_id', 'is', null));
      return eb.or(parts);
    },
    counters: (s) => {
      if (s.form.length === 0) return null;
      const ids = s.form.filter((v): v is number => typeof v === 'number');
      const parts = [sql`c.form_id = any(${ids}::int[])`];
      if (s.form.includes('none')) parts.push(sql`c.form_id is null`);
      return sql`(${sql.join(parts, sql` or `)})`;
    },
    memory: {
      filter: (s) => (s.form.length === 0 ? null : codeIn('formIds', new Set(s.form.map((f) => (f === 'none' ? NO_FORM : f))))),
      keepsAll: [],
    },
  },
  /** `%q%` on title or content (trigram indexes), and the id itself when q is a number. */
  q: {
    sql: (_eb, s) => {
      if (!s.q) return null;
      const pattern = likeContains(s.q);
      const id = isDbIdText(s.q) ? Number(s.q) : null;
      const byId = id === null ? sql`` : sql` or posts.id = ${id}`;
      return sql<SqlBool>`(posts.title ilike ${pattern} or posts.content ilike ${pattern}${byId})`;
    },
  },
  tags: { sql: tags },
  set: {
    sql: (_eb, s) =>
      s.set.length === 0
        ? null
        : sql<SqlBool>`exists (select 1 from posts_sets ps where ps.post_id = posts.id and ps.set_id = any(${s.set}::int[]))`,
  },
  /** User ids, `me` (nobody for an anonymous caller) and `none` (posts without a user). */
  user: {
    sql: (eb, s, viewer) => {
      if (s.user.length === 0) return null;
      const ids = s.user.filter((v): v is number => typeof v === 'number');
      if (s.user.includes('me')) ids.push(viewer.userId ?? 0);
      const parts: Condition[] = [];
      if (ids.length > 0) parts.push(eb('posts.user_id', 'in', ids));
      if (s.user.includes('none')) parts.push(eb('posts.user_id', 'is', null));
      return eb.or(parts);
    },
  },
  /** `web` also matches posts made through the API, whose source is null. */
  source: {
    sql: (eb, s) => {
      if (s.source.length === 0) return null;
      const named = s.source.filter((v) => v !== 'web');
      const parts: Condition[] = [];
      if (s.source.includes('web')) parts.push(eb.or([eb('posts.source', 'is', null), eb('posts.source', '=', 'web')]));
      if (named.length > 0) parts.push(eb('posts.source', 'in', named));
      return eb.or(parts);
    },
    counters: (s) => {
      if (s.source.length === 0) return null;
      const named = s.source.filter((v) => v !== 'web');
      const parts = [sql`c.source = any(${named}::text[])`];
      if (s.source.includes('web')) parts.push(sql`c.source is null or c.source = 'web'`);
      return sql`(${sql.join(parts, sql` or `)})`;
    },
    memory: {
      // Sources without a code of their own share one: the points cannot tell them apart.
      filter: (s) => {
        if (!s.source.every(known)) return false;
        if (s.source.length === 0) return null;
        return codeIn('source', new Set(s.source.map((source) => SOURCE_CODES.indexOf(source as (typeof SOURCE_CODES)[number]))));
      },
      keepsAll: [],
    },
  },
  // The daily counts hold whole days of creation: the part days at a range's ends are counted from
  // the posts (`countTimelineFromDays`).
  created_after: {
    ...timeBound('created_after', 'created', '>='),
    counters: (s, _viewer, on) => {
      if (!s.created_after) return null;
      const from = wholeDaysOf(s.created_after, undefined)?.from;
      return on.table === 'post_day_counts' && from ? sql`c.day >= ${utcDay(from)}` : false;
    },
  },
  created_before: {
    ...timeBound('created_before', 'created', '<='),
    counters: (s, _viewer, on) => {
      if (!s.created_before) return null;
      const to = wholeDaysOf(undefined, s.created_before)?.to;
      return on.table === 'post_day_counts' && to ? sql`c.day < ${utcDay(to)}` : false;
    },
  },
  updated_after: timeBound('updated_after', 'updated', '>='),
  updated_before: timeBound('updated_before', 'updated', '<='),
  date_after: timeBound('date_after', 'post_date', '>'),
  date_before: timeBound('date_before', 'post_date', '<='),
  /** Relative to another post's creation time (new-posts polling); after is exclusive. */
  created_before_by_id: {
    sql: (_eb, s) =>
      s.created_before_by_id
        ? sql<SqlBool>`posts.created <= (select p2.created from posts p2 where p2.id = ${s.created_before_by_id})`
        : null,
  },
  created_after_by_id: {
    sql: (_eb, s) =>
      s.created_after_by_id ? sql<SqlBool>`posts.created > (select p2.created from posts p2 where p2.id = ${s.created_after_by_id})` : null,
  },
  bbox: { sql: bbox },
  /** A centre alone filters nothing: `within_km` tests the distance from it. */
  center_point: { sql: () => null },
  within_km: { sql: withinKm },
  /** The points in memory are the mapped posts' only. */
  has_location: {
    sql: hasLocation,
    counters: (s, _viewer, on) => {
      if (s.has_location === 'all') return null;
      return on.table === 'post_counts' && on.locationsVisible ? sql`c.mapped = ${s.has_location === 'mapped'}` : false;
    },
    memory: { filter: (s) => (s.has_location === 'unmapped' ? false : null), keepsAll: 'all' },
  },
  published_to: {
    sql: (_eb, s) => (s.published_to.length === 0 ? null : sql<SqlBool>`posts.published_to && ${s.published_to}::text[]`),
    counters: (s) => (s.published_to.length === 0 ? null : sql`c.published_to && ${s.published_to}::text[]`),
  },
  post_id: { sql: (eb, s) => (s.post_id.length === 0 ? null : eb('posts.id', 'in', s.post_id)) },
  values: { sql: values },
  type: { sql: (eb, s) => (s.type ? eb('posts.type', '=', s.type) : null) },
  locale: { sql: (eb, s) => (s.locale ? eb('posts.locale', '=', s.locale.toLowerCase()) : null) },
  slug: { sql: (eb, s) => (s.slug ? eb('posts.slug', '=', s.slug) : null) },
  parent: { sql: (eb, s) => (s.parent.length > 0 ? eb('posts.parent_id', 'in', s.parent) : null) },
  include_types: NOT_A_FILTER,
  include_attributes: NOT_A_FILTER,
  /** The demo tier shows only the deployment's first posts by id (spec 2 section 1). */
  demoLimit: {
    sql: (_eb, s) =>
      s.demoLimit === null ? null : sql<SqlBool>`posts.id in (select d.id from posts d order by d.id limit ${s.demoLimit})`,
  },
};

/** The read rule on a counts row: what `readable` is to the posts (published, roles admit). */
export const countersReadable = (viewer: PostViewer): RawBuilder<unknown> | null =>
  viewer.manager ? null : sql`c.status = 'published' and ${rolesAdmit(viewer, sql.ref('c.published_to'))}`;
