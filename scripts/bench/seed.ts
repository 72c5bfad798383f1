import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database';

/**
 * Seeds a realistic deployment with set-based SQL (no row-by-row round trips): surveys with
 * location, category, select and number fields; a category tree; reporters; and `count` posts
 * across sources and statuses over two years, 90% mapped around the cities of one country.
 * Deterministic: the same `count` gives the same data.
 */

export const SURVEYS = ['Flood reports', 'Health facilities', 'Road conditions', 'Security incidents', 'Water points'] as const;
const PARENT_CATEGORIES = ['Shelter', 'Health', 'Water', 'Transport', 'Security', 'Food'];
const CHILD_SUFFIXES = ['urgent', 'ongoing', 'resolved', 'needs review'];

/** Cities of Kenya (lat, lon, weight): points cluster around them with a spread of a few km. */
export const CITIES: Array<[string, number, number, number]> = [
  ['Nairobi', -1.2864, 36.8172, 30],
  ['Mombasa', -4.0435, 39.6682, 12],
  ['Kisumu', -0.0917, 34.768, 9],
  ['Nakuru', -0.3031, 36.08, 8],
  ['Eldoret', 0.5143, 35.2698, 7],
  ['Garissa', -0.4569, 39.6583, 5],
  ['Lodwar', 3.1191, 35.5973, 4],
  ['Malindi', -3.2192, 40.1169, 5],
  ['Nyeri', -0.4201, 36.9476, 5],
  ['Kitale', 1.0157, 35.0062, 5],
  ['Marsabit', 2.3284, 37.9899, 3],
  ['Machakos', -1.5177, 37.2634, 7],
];

export type SeededDeployment = {
  formIds: number[];
  tagIds: number[];
  parentTagIds: number[];
  locationKeys: string[];
  categoryKeys: string[];
};

async function insertSurveys(
  db: Db,
  categoryIds: readonly number[],
): Promise<{ formIds: number[]; locationKeys: string[]; categoryKeys: string[]; selectKeys: string[]; numberKeys: string[] }> {
  const out = {
    formIds: [] as number[],
    locationKeys: [] as string[],
    categoryKeys: [] as string[],
    selectKeys: [] as string[],
    numberKeys: [] as string[],
  };
  const colors = ['#e5483b', '#2f80ed', '#27ae60', '#f2994a', '#9b51e0'];
  for (const [i, name] of SURVEYS.entries()) {
    const form = await db
      .insertInto('forms')
      .values({ name, description: `${name} from the field`, color: colors[i]!, require_approval: i % 2 === 0, everyone_can_create: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stage = await db
      .insertInto('form_stages')
      .values({
        form_id: form.id,
        label: 'Post',
        type: 'post',
        priority: 0,
        required: false,
        show_when_published: true,
        task_is_internal_only: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = (suffix: string) => `bench-${form.id}-${suffix}`;
    const attributes = [
      { key: key('title'), label: 'Title', type: 'title', input: 'text', required: true, priority: 1, cardinality: 1 },
      { key: key('description'), label: 'Description', type: 'description', input: 'text', required: true, priority: 2, cardinality: 1 },
      { key: key('location'), label: 'Location', type: 'point', input: 'location', required: false, priority: 3, cardinality: 1 },
      { key: key('categories'), label: 'Categories', type: 'tags', input: 'tags', required: false, priority: 4, cardinality: 0 },
      { key: key('severity'), label: 'Severity', type: 'varchar', input: 'select', required: false, priority: 5, cardinality: 1 },
      { key: key('people'), label: 'People affected', type: 'int', input: 'number', required: false, priority: 6, cardinality: 1 },
    ];
    await db
      .insertInto('form_attributes')
      .values(
        attributes.map((a) => ({
          ...a,
          form_stage_id: stage.id,
          options: JSON.stringify(a.input === 'select' ? ['low', 'medium', 'high', 'critical'] : a.input === 'tags' ? categoryIds : []),
          config: JSON.stringify({}),
        })),
      )
      .execute();
    out.formIds.push(form.id);
    out.locationKeys.push(key('location'));
    out.categoryKeys.push(key('categories'));
    out.selectKeys.push(key('severity'));
    out.numberKeys.push(key('people'));
  }
  return out;
}

async function insertCategories(db: Db): Promise<{ tagIds: number[]; parentTagIds: number[] }> {
  const tagIds: number[] = [];
  const parentTagIds: number[] = [];
  for (const name of PARENT_CATEGORIES) {
    const parent = await db
      .insertInto('tags')
      .values({ tag: name, slug: `bench-${name.toLowerCase()}`, type: 'category', priority: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    parentTagIds.push(parent.id);
    tagIds.push(parent.id);
    for (const suffix of CHILD_SUFFIXES) {
      const child = await db
        .insertInto('tags')
        .values({
          tag: `${name} ${suffix}`,
          slug: `bench-${name.toLowerCase()}-${suffix.replace(' ', '-')}`,
          type: 'category',
          parent_id: parent.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.push(child.id);
    }
  }
  return { tagIds, parentTagIds };
}

const WORDS =
  'flood water road bridge blocked clinic medicine shortage school shelter rain river bank collapsed families displaced food aid truck market fire police checkpoint power outage borehole pump broken cattle drought harvest crops storm wind roof damaged injured ambulance volunteers camp tents latrine cholera vaccine hospital nurse queue fuel price protest traffic landslide mud village chief meeting'.split(
    ' ',
  );

/** Inserts posts `from..to` (1-based) in one statement, with their points and tags. */
async function insertPostBatch(
  db: Db,
  seeded: Awaited<ReturnType<typeof insertSurveys>> & { tagIds: number[]; userCount: number; firstUserId: number },
  from: number,
  to: number,
): Promise<void> {
  const cities = CITIES.flatMap(([, lat, lon, weight]) => Array.from({ length: weight }, () => [lat, lon]));
  await sql`
    with params as (
      select ${sql.val(seeded.formIds)}::int[] as forms,
             ${sql.val(seeded.locationKeys)}::text[] as loc_keys,
             ${sql.val(seeded.categoryKeys)}::text[] as cat_keys,
             ${sql.val(seeded.selectKeys)}::text[] as sel_keys,
             ${sql.val(seeded.numberKeys)}::text[] as num_keys,
             ${sql.val(seeded.tagIds)}::int[] as tags,
             ${sql.val(WORDS)}::text[] as words,
             ${sql.val(cities.map((c) => c[0]))}::float8[] as city_lat,
             ${sql.val(cities.map((c) => c[1]))}::float8[] as city_lon
    ),
    g as (
      select n,
        -- a cheap deterministic hash per row and purpose
        (abs(hashint4(n)::bigint) % 1000000) / 1000000.0 as r1,
        (abs(hashint4(n * 7 + 1)::bigint) % 1000000) / 1000000.0 as r2,
        (abs(hashint4(n * 13 + 2)::bigint) % 1000000) / 1000000.0 as r3,
        (abs(hashint4(n * 17 + 3)::bigint) % 1000000) / 1000000.0 as r4,
        (abs(hashint4(n * 19 + 4)::bigint) % 1000000) / 1000000.0 as r5,
        (abs(hashint4(n * 23 + 5)::bigint) % 1000000) / 1000000.0 as r6
      from generate_series(${from}::int, ${to}::int) n
    ),
    rows as (
      select g.n,
        1 + floor(g.r1 * 5)::int as form_idx,
        case when g.r2 < 0.70 then 'published' when g.r2 < 0.95 then 'draft' else 'archived' end as status,
        case when g.r3 < 0.50 then null when g.r3 < 0.75 then 'sms' when g.r3 < 0.90 then 'email' else 'twitter' end as source,
        now() - (g.r4 * interval '730 days') as created,
        g.r5 < 0.9 as mapped,
        1 + floor(g.r6 * array_length(p.city_lat, 1))::int as city_idx,
        1 + (abs(hashint4(g.n * 61)::bigint) % array_length(p.tags, 1))::int as tag_idx,
        ${seeded.firstUserId}::int + (abs(hashint4(g.n * 59)::bigint) % ${seeded.userCount})::int as user_id,
        p.*
      from g cross join params p
    ),
    placed as (
      select r.*,
        r.city_lat[r.city_idx] + (((abs(hashint4(r.n * 29)::bigint) % 2000) - 1000) / 1000.0) * 0.35 as lat,
        r.city_lon[r.city_idx] + (((abs(hashint4(r.n * 31)::bigint) % 2000) - 1000) / 1000.0) * 0.35 as lon
      from rows r
    ),
    inserted as (
      insert into posts (id, form_id, user_id, title, content, status, post_date, created, updated, source, "values", published_to, completed_stages, mapped, places)
      select pl.n, pl.forms[pl.form_idx], pl.user_id,
        'Report ' || pl.n || ': ' || pl.words[1 + abs(hashint4(pl.n * 3)::bigint) % array_length(pl.words, 1)] || ' ' || pl.words[1 + abs(hashint4(pl.n * 5)::bigint) % array_length(pl.words, 1)],
        'Seen near ' || pl.words[1 + abs(hashint4(pl.n * 37)::bigint) % array_length(pl.words, 1)] || ', ' || pl.words[1 + abs(hashint4(pl.n * 41)::bigint) % array_length(pl.words, 1)] || ' and ' || pl.words[1 + abs(hashint4(pl.n * 43)::bigint) % array_length(pl.words, 1)] || '. People say the situation is getting worse.',
        pl.status, pl.created, pl.created, null, pl.source,
        jsonb_strip_nulls(jsonb_build_object(
          pl.loc_keys[pl.form_idx], case when pl.mapped then jsonb_build_array(jsonb_build_object('lat', round(pl.lat::numeric, 6), 'lon', round(pl.lon::numeric, 6))) end,
          pl.cat_keys[pl.form_idx], jsonb_build_array(pl.tags[pl.tag_idx]),
          pl.sel_keys[pl.form_idx], jsonb_build_array((array['low','medium','high','critical'])[1 + abs(hashint4(pl.n * 47)::bigint) % 4]),
          pl.num_keys[pl.form_idx], jsonb_build_array(abs(hashint4(pl.n * 53)::bigint) % 500)
        )),
        '{}', '{}', pl.mapped,
        -- the points' own copy on the post, as the post_points triggers would make it
        case when pl.mapped then ST_Multi(ST_SetSRID(ST_MakePoint(round(pl.lon::numeric, 6)::float8, round(pl.lat::numeric, 6)::float8), 4326)) end
      from placed pl
      returning id, "values", form_id
    )
    select count(*) from inserted
  `.execute(db);
  await sql`
    insert into post_points (post_id, form_attribute_id, attribute_key, ordinal, lat, lon, geom)
    select p.id, fa.id, kv.key, 0, (kv.value->0->>'lat')::float8, (kv.value->0->>'lon')::float8,
      ST_SetSRID(ST_MakePoint((kv.value->0->>'lon')::float8, (kv.value->0->>'lat')::float8), 4326)
    from posts p
    cross join lateral jsonb_each(p."values") kv
    join form_attributes fa on fa.key = kv.key and fa.type = 'point'
    where p.id between ${from} and ${to}
  `.execute(db);
  await sql`
    insert into posts_tags (post_id, tag_id, form_attribute_id)
    select distinct on (p.id, (t.value)::int) p.id, (t.value)::int, fa.id
    from posts p
    cross join lateral jsonb_each(p."values") kv
    join form_attributes fa on fa.key = kv.key and fa.type = 'tags'
    cross join lateral jsonb_array_elements_text(kv.value) t
    where p.id between ${from} and ${to}
  `.execute(db);
}

export async function seedDeployment(db: Db, count: number, onProgress: (done: number) => void): Promise<SeededDeployment> {
  const categories = await insertCategories(db);
  const surveys = await insertSurveys(db, categories.tagIds);
  const userCount = 2000;
  const users = await sql<{ id: number }>`
    insert into users (email, realname, role)
    select 'reporter' || n || '@bench.example', 'Reporter ' || n, 'user' from generate_series(1, ${userCount}) n
    returning id
  `.execute(db);
  const firstUserId = Math.min(...users.rows.map((r) => r.id));
  const batch = 50_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await insertPostBatch(db, { ...surveys, ...categories, userCount, firstUserId }, from, to);
    onProgress(to);
  }
  await sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`.execute(db);
  // As autovacuum leaves a table after a bulk load (and it may be off on a benchmark server): planner
  // statistics, and the visibility map without which no index-only scan skips the table.
  for (const table of ['posts', 'post_points', 'posts_tags']) await sql.raw(`vacuum (analyze) ${table}`).execute(db);
  return {
    formIds: surveys.formIds,
    tagIds: categories.tagIds,
    parentTagIds: categories.parentTagIds,
    locationKeys: surveys.locationKeys,
    categoryKeys: surveys.categoryKeys,
  };
}
