import { PostListQuery } from '@platform/shared';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type RawBuilder } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../db/database';
import type { CountersOn } from './counter-sql';
import { FILTERS, type FilterTable, type PointFilter } from './filter-table';
import { counterConditions, countersAnswer, filteredPosts, memoryBase, memoryFilters } from './filters';
import { NEVER, NO_FORM, type PostColumns } from './post-columns';
import type { PostSearch, PostViewer } from './post-search';

/** Compiles statements without a database: the filters' SQL is checked as text. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (d) => new PostgresIntrospector(d),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const search = (query: Record<string, unknown> = {}, demoLimit: number | null = null): PostSearch => ({
  ...PostListQuery.parse(query),
  demoLimit,
});

const manager: PostViewer = { manager: true, userId: 1, role: 'admin', locationPrecision: 2, exactPlaces: true };
const member: PostViewer = { manager: false, userId: 7, role: 'user', locationPrecision: 2, exactPlaces: true };
const anonymous: PostViewer = { manager: false, userId: null, role: null, locationPrecision: 2 };

const counts: CountersOn = { table: 'post_counts', locationsVisible: false };
const days: CountersOn = { table: 'post_day_counts', locationsVisible: false };

const whereOf = (s: PostSearch, viewer: PostViewer) => {
  const { sql: text, parameters } = filteredPosts(db, s, viewer).select('posts.id').compile();
  return { text: text.slice(text.indexOf(' where ') + 7), parameters };
};

const countersText = (conditions: RawBuilder<unknown>[] | null) =>
  conditions === null ? null : sql`${sql.join(conditions, sql` and `)}`.compile(db);

/** Points a row each: [form, status code, source code, created, updated, post date]. */
function columns(rows: Array<[number, number, number, number, number, number]>): PostColumns & { ids: Int32Array } {
  const n = rows.length;
  const out = {
    ids: Int32Array.from(rows, (_, i) => i + 1),
    formIds: new Int32Array(n),
    status: new Uint8Array(n),
    source: new Uint8Array(n),
    created: new Float64Array(n),
    updated: new Float64Array(n),
    postDate: new Float64Array(n),
  };
  rows.forEach(([form, status, source, created, updated, postDate], i) => {
    [out.formIds[i], out.status[i], out.source[i]] = [form, status, source];
    [out.created[i], out.updated[i], out.postDate[i]] = [created, updated, postDate];
  });
  return out;
}

/** Which points (by id) pass every filter. */
function select(points: ReturnType<typeof columns>, filters: PointFilter[]): number[] {
  const rows = Int32Array.from(points.ids, (_, i) => i);
  let n = rows.length;
  for (const filter of filters) n = filter(points, rows, n);
  return [...rows.subarray(0, n)].map((i) => points.ids[i]!);
}

const day = (iso: string) => Date.parse(iso);

describe('the filter table', () => {
  it('has the forms of every field of the shared post list query, and no other', () => {
    expectTypeOf<keyof FilterTable>().toEqualTypeOf<keyof PostListQuery | 'demoLimit'>();
    expect(Object.keys(FILTERS).sort()).toEqual([...Object.keys(PostListQuery.shape), 'demoLimit'].sort());
    const { q: _q, ...withoutQ } = FILTERS;
    // @ts-expect-error a field of the query without its forms does not compile
    const incomplete: FilterTable = withoutQ;
    expect(incomplete).not.toHaveProperty('q');
  });

  it('writes the SQL of every filter a search uses, and nothing for the default list of a manager', () => {
    expect(whereOf(search({ status: 'all' }), manager).text).toBe('true');
    const { text, parameters } = whereOf(search({ form: '2,none', q: '50%', set: '3', locale: 'EN', parent: '9' }), manager);
    expect(text).toContain('"posts"."form_id" in ($2) or "posts"."form_id" is null');
    expect(text).toContain('posts.title ilike $3 or posts.content ilike $4');
    expect(text).toContain('ps.set_id = any($5::int[])');
    expect(text).toContain('"posts"."locale" = $6');
    expect(text).toContain('"posts"."parent_id" in ($7)');
    expect(parameters).toEqual(['published', 2, '%50\\%%', '%50\\%%', [3], 'en', 9]);
  });

  it('reads the post of a numeric text search too, but no id past 32 bits', () => {
    expect(whereOf(search({ q: '42' }), manager).text).toContain('or posts.id = $');
    expect(whereOf(search({ q: '2147483648' }), manager).text).not.toContain('posts.id =');
  });

  it('limits anyone but a manager to what they may read, and anonymous callers to published posts', () => {
    const anyone = whereOf(search({ status: 'all' }), anonymous);
    expect(anyone.text).toContain("posts.status = 'published' and cardinality(posts.published_to) = 0");
    expect(anyone.parameters).toContain('published');
    const mine = whereOf(search({ status: 'draft', user: 'me' }), member);
    expect(mine.text).toContain('posts.user_id = $1 or');
    expect(mine.parameters).toEqual([7, 'user', 'draft', 7]);
  });

  it('tests a distance only with both a centre and a radius', () => {
    expect(whereOf(search({ center_point: '-1.2,36.8' }), manager).text).not.toContain('ST_Distance');
    expect(whereOf(search({ center_point: '-1.2,36.8', within_km: '5' }), manager).text).toContain('ST_Distance');
  });
});

/**
 * Per search: whether the running counts answer it (for a viewer shown every location as stored
 * no location filter is theirs to tell here), and whether the map's points in memory can select it.
 */
const FASTER_FORMS: Array<[Record<string, unknown>, boolean, boolean]> = [
  [{}, true, true],
  [{ status: 'all', form: '1,none', source: 'web,sms' }, true, true],
  [{ source: 'telegram' }, true, false],
  [{ published_to: 'user' }, true, false],
  [{ has_location: 'mapped', center_point: '-1.2,36.8' }, false, true],
  [{ has_location: 'unmapped' }, false, false],
  [{ created_after: '2024-01-01' }, false, true],
  [{ updated_before: '2024-01-01' }, false, true],
  [{ date_after: '2024-01-01' }, false, true],
  [{ q: 'flood' }, false, false],
  [{ tags: '4' }, false, false],
  [{ set: '2' }, false, false],
  [{ user: 'me' }, false, false],
  [{ user: 'none' }, false, false],
  [{ created_before_by_id: '3' }, false, false],
  [{ bbox: '30,-1,40,-5' }, false, false],
  [{ center_point: '-1.2,36.8', within_km: '5' }, false, false],
  [{ post_id: '5' }, false, false],
  [{ values: { colour: ['red'] } }, false, false],
  [{ type: 'report' }, false, false],
  [{ locale: 'en' }, false, false],
  [{ slug: 'x' }, false, false],
  [{ parent: '4' }, false, false],
  // What filters nothing: a centre without a radius, an empty list of values, display options.
  [{ center_point: '-1.2,36.8', values: { colour: [] }, include_types: 'title' }, true, true],
];

describe('the faster forms', () => {
  it('take the searches whose every filter they hold, and leave the others to SQL', () => {
    for (const [query, countersDo, memoryDoes] of FASTER_FORMS) {
      expect(countersAnswer(search(query), manager, counts), `counters: ${JSON.stringify(query)}`).toBe(countersDo);
      expect(memoryFilters(search(query), manager) !== null, `memory: ${JSON.stringify(query)}`).toBe(memoryDoes);
    }
  });

  it("never take the demo tier's cap", () => {
    expect(countersAnswer(search({}, 50), manager, counts)).toBe(false);
    expect(memoryFilters(search({}, 50), manager)).toBeNull();
  });
});

describe('the running counts', () => {
  it('answer the default list and filters on status, survey, source and published_to', () => {
    expect(countersAnswer(search(), manager, counts)).toBe(true);
    const compiled = countersText(counterConditions(search({ form: '3', source: 'web,sms', published_to: 'user' }), manager, counts));
    expect(compiled?.sql).toBe(
      "c.status = any($1::text[]) and (c.form_id = any($2::int[])) and (c.source = any($3::text[]) or c.source is null or c.source = 'web') and c.published_to && $4::text[]",
    );
    expect(compiled?.parameters).toEqual([['published'], [3], ['sms'], ['user']]);
  });

  it('hold only published posts the role admits for anyone but a manager', () => {
    const compiled = countersText(counterConditions(search({ status: 'all' }), member, counts));
    expect(compiled?.sql).toBe(`c.status = 'published' and (cardinality("c"."published_to") = 0 or $1::text = any("c"."published_to"))`);
    expect(countersText(counterConditions(search({ status: 'draft' }), anonymous, counts))?.parameters).toEqual([['published']]);
  });

  it('answer location filters only when every location is one the viewer sees, and never per day', () => {
    expect(countersAnswer(search({ has_location: 'mapped' }), manager, counts)).toBe(false);
    const visible = countersText(counterConditions(search({ has_location: 'unmapped' }), manager, { ...counts, locationsVisible: true }));
    expect(visible?.sql).toContain('c.mapped = $2');
    expect(visible?.parameters).toContain(false);
    expect(countersAnswer(search({ has_location: 'mapped' }), manager, { ...days, locationsVisible: true })).toBe(false);
  });

  it('answer a created range per whole day of the daily counts only', () => {
    const range = search({ created_after: '2024-01-01T10:00:00Z', created_before: '2024-03-01T12:00:00Z' });
    expect(countersAnswer(range, manager, counts)).toBe(false);
    const compiled = countersText(counterConditions(range, manager, days));
    expect(compiled?.sql).toContain(
      "c.day >= ($2::timestamptz at time zone 'UTC')::date and c.day < ($3::timestamptz at time zone 'UTC')::date",
    );
    expect(compiled?.parameters.slice(1)).toEqual([new Date('2024-01-02T00:00:00Z'), new Date('2024-03-01T00:00:00Z')]);
  });

  it('send a filter without a counters form to SQL instead of dropping it', () => {
    const formOnlyInSql: FilterTable = { ...FILTERS, form: { sql: FILTERS.form.sql } };
    expect(counterConditions(search({ form: '3' }), manager, counts)).not.toBeNull();
    expect(counterConditions(search({ form: '3' }), manager, counts, formOnlyInSql)).toBeNull();
    expect(counterConditions(search(), manager, counts, formOnlyInSql)).not.toBeNull();
  });
});

describe("the map's points in memory", () => {
  const points = columns([
    [1, 0, 0, day('2024-01-01'), NEVER, day('2023-12-01')],
    [2, 1, 1, day('2024-02-01'), day('2024-02-02'), day('2024-02-01')],
    [NO_FORM, 0, 5, day('2024-03-01'), day('2024-03-05'), day('2024-03-01')],
    [2, 2, 2, day('2024-04-01'), NEVER, day('2024-04-01')],
  ]);
  const selected = (query: Record<string, unknown>) => {
    const filters = memoryFilters(search(query), manager);
    return filters === null ? null : select(points, filters);
  };

  it('select by status, survey and source as the SQL does', () => {
    expect(selected({})).toEqual([1, 3]);
    expect(selected({ status: 'all' })).toEqual([1, 2, 3, 4]);
    expect(selected({ status: 'all', form: '2' })).toEqual([2, 4]);
    expect(selected({ status: 'all', form: 'none,1' })).toEqual([1, 3]);
    expect(selected({ status: 'draft,archived', source: 'sms,email' })).toEqual([2, 4]);
  });

  it('select by the three date ranges: created and updated inclusive, post date after exclusive', () => {
    expect(selected({ status: 'all', created_after: '2024-02-01', created_before: '2024-03-01' })).toEqual([2, 3]);
    expect(selected({ status: 'all', date_after: '2024-02-01' })).toEqual([3, 4]);
    expect(selected({ status: 'all', date_before: '2024-02-01' })).toEqual([1, 2]);
  });

  it('never select a post never updated by its update time', () => {
    expect(selected({ status: 'all', updated_before: '2024-12-31' })).toEqual([2, 3]);
    expect(selected({ status: 'all', updated_after: '1970-01-01' })).toEqual([2, 3]);
  });

  it('send a filter without a memory form to SQL instead of dropping it', () => {
    const noDates: FilterTable = { ...FILTERS, date_after: { sql: FILTERS.date_after.sql } };
    expect(memoryFilters(search({ date_after: '2024-01-01' }), manager, noDates)).toBeNull();
    expect(memoryFilters(search({ date_before: '2024-01-01' }), manager, noDates)).not.toBeNull();
  });

  it('are loaded with every filter they can tell left open', () => {
    const base = memoryBase(
      search({ status: 'draft', form: '2', source: 'sms', created_after: '2024-01-01', has_location: 'mapped', q: 'x' }),
    );
    expect(base).toMatchObject({ status: 'all', form: [], source: [], created_after: undefined, has_location: 'all', q: 'x' });
  });
});
