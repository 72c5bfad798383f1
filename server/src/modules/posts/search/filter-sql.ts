import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Executor } from '../../../db/database';
import { seesPlacesAsStored, type PostSearch, type PostViewer, type ScopedViewer } from './post-search';

/**
 * The SQL of the filters that takes more than a line (the table in `filter-table.ts` holds the
 * rest): the read rule, what a viewer sees of fields and points, and the spatial tests.
 */

export type EB = ExpressionBuilder<Database, 'posts'>;
export type Condition = Expression<SqlBool>;
/** A filter's condition on the row `posts`; null when the search does not filter on it. */
export type SqlFilter = (eb: EB, search: PostSearch, viewer: ScopedViewer) => Condition | null;

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
export const readable: SqlFilter = (_eb, _s, viewer) => {
  if (viewer.manager) return null;
  const roles =
    viewer.role === null
      ? sql`cardinality(posts.published_to) = 0`
      : sql`(cardinality(posts.published_to) = 0 or ${viewer.role}::text = any(posts.published_to))`;
  const published = sql<SqlBool>`(posts.status = 'published' and ${roles})`;
  return viewer.userId === null ? published : sql<SqlBool>`(${isOwner(viewer)} or ${published})`;
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
export const tags: SqlFilter = (eb, s, viewer) => {
  const parts: Condition[] = [];
  if (s.tags.any.length > 0) parts.push(tagExists(viewer, sql`pt.tag_id = any(${s.tags.any}::int[])`));
  for (const id of s.tags.all) parts.push(tagExists(viewer, sql`pt.tag_id = ${id}`));
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
export const bbox: SqlFilter = (_eb, s, viewer) => {
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
export const withinKm: SqlFilter = (_eb, s, viewer) => {
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
export const hasLocation: SqlFilter = (eb, s, viewer) => {
  if (s.has_location === 'all') return null;
  const mapped = seesPlacesAsStored(viewer) ? eb.ref('posts.mapped') : pointExists(viewer, null);
  return s.has_location === 'mapped' ? mapped : eb.not(mapped);
};

/**
 * `values[key]=a,b`: any of the values. For non-managers only fields they see count, and never a
 * location or time their survey hides from them.
 */
export const values: SqlFilter = (eb, s, viewer) => {
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
