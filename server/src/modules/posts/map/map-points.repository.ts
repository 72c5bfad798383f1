import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import { emptyPoints, type MapPoints } from './map-points';
import { filteredPosts, NEVER, NO_FORM, OTHER_SOURCE, SOURCE_CODES, STATUS_CODES, type PostSearch, type PostViewer } from '../search';

/** Coordinates travel and are kept as integers of 1e-6 degrees (about 11 cm). */
const SCALE = 1_000_000;
/** Bytes per point in the binary answer (see `loadMapPoints`). */
const RECORD = 4 * 4 + 8 * 3 + 2 * 2;
/**
 * Post ids per blob, as a power of two: a few MB each. One blob of a million points was 44 MB,
 * read as 88 MB of hex text into a connection buffer as large, all garbage after one statement.
 */
const BLOB_ID_BITS = 16;

const epochMs = (column: string) => sql`floor(extract(epoch from ${sql.ref(column)}) * 1000)::int8`;

/**
 * The points of the posts matching the search, one per location value, in one set-based statement.
 * Non-managers see only location fields shown to them, and a survey that hides locations as the
 * rounded point (`map.location_precision` decimals), as `/posts/geojson` does. Rows come back as
 * binary blobs of fixed-size records (one per range of post ids), read with a DataView: no text to format or parse per point.
 */
export async function loadMapPoints(db: Executor, search: PostSearch, viewer: PostViewer): Promise<MapPoints> {
  const matching = filteredPosts(db, search, viewer).select([
    'posts.id',
    'posts.form_id',
    'posts.user_id',
    'posts.status',
    'posts.source',
    'posts.created',
    'posts.post_date',
    'posts.updated',
  ]);
  let joins: RawBuilder<unknown> = sql``;
  let lon: RawBuilder<unknown> = sql`pp.lon`;
  let lat: RawBuilder<unknown> = sql`pp.lat`;
  let where: RawBuilder<unknown> = sql``;
  if (!viewer.manager) {
    const owner = viewer.userId === null ? sql`false` : sql`posts.user_id = ${viewer.userId}`;
    const grid = 10 ** -viewer.locationPrecision;
    const hidden = sql`(f.hide_location and not ${owner})`;
    joins = sql` join form_attributes fa on fa.id = pp.form_attribute_id
      join form_stages fs on fs.id = fa.form_stage_id join forms f on f.id = fs.form_id`;
    lon = sql`(case when ${hidden} then round(pp.lon / ${grid}::float8) * ${grid}::float8 else pp.lon end)`;
    lat = sql`(case when ${hidden} then round(pp.lat / ${grid}::float8) * ${grid}::float8 else pp.lat end)`;
    where = sql` where fs.show_when_published and (posts.status = 'published' or not fs.task_is_internal_only)
      and (not fa.response_private or ${owner})`;
  }
  const statusCode = sql`(case posts.status ${sql.join(
    STATUS_CODES.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
    sql` `,
  )} end)::int2`;
  const sourceCode = sql`(case coalesce(posts.source, 'web') ${sql.join(
    SOURCE_CODES.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(OTHER_SOURCE)} end)::int2`;
  const { rows } = await sql<{ points: Buffer }>`
    select string_agg(
      int4send(pp.post_id) || int4send(coalesce(posts.form_id, ${sql.lit(NO_FORM)}))
      || int4send(round(${lon} * ${SCALE})::int) || int4send(round(${lat} * ${SCALE})::int)
      || int8send(${epochMs('posts.created')}) || int8send(${epochMs('posts.post_date')})
      || int8send(coalesce(${epochMs('posts.updated')}, ${NEVER}::int8))
      || int2send(${statusCode}) || int2send(${sourceCode}),
      ''::bytea) as points
    from (${matching}) posts join post_points pp on pp.post_id = posts.id${joins}${where}
    group by pp.post_id >> ${sql.lit(BLOB_ID_BITS)}`.execute(db);
  const n = rows.reduce((sum, row) => sum + Math.floor(row.points.length / RECORD), 0);
  const points = emptyPoints(n);
  let i = 0;
  for (const row of rows) {
    const blob = row.points;
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    for (let at = 0; at + RECORD <= blob.length; i++, at += RECORD) {
      points.ids[i] = view.getInt32(at);
      points.formIds[i] = view.getInt32(at + 4);
      points.lonE6[i] = view.getInt32(at + 8);
      points.latE6[i] = view.getInt32(at + 12);
      points.created[i] = Number(view.getBigInt64(at + 16));
      points.postDate[i] = Number(view.getBigInt64(at + 24));
      points.updated[i] = Number(view.getBigInt64(at + 32));
      points.status[i] = view.getInt16(at + 40);
      points.source[i] = view.getInt16(at + 42);
    }
  }
  return points;
}

export async function formColors(db: Executor): Promise<Map<number, string | null>> {
  const rows = await db.selectFrom('forms').select(['id', 'color']).execute();
  return new Map(rows.map((r) => [r.id, r.color ?? null]));
}
