import type { SeededDeployment } from './seed';

export type Caller = 'anonymous' | 'admin';
export type Scenario = {
  name: string;
  /** The figure the issue sets for this scenario (p95, ms), if any. */
  targetP95?: number;
  caller: Caller;
  path: string;
  /**
   * The same question asked directly in SQL, to show the API's overhead as a ratio. Paths under
   * `/api/v3/posts?` are pages of a list, which the API reads without parallel workers; their SQL is
   * asked that way too.
   */
  sql?: string;
  /** A different path per request (`i` counts from 0), e.g. a new filter each time to defeat a cache. */
  pathFor?: (i: number) => string;
  /** Fewer requests, one at a time, for scenarios that are slow by design (cold cluster builds). */
  requests?: number;
  concurrency?: number;
  /** Asked over and over, one at a time, while the scenario is measured (load beside it). */
  background?: (i: number) => string;
  /** Published posts created through the API (as the admin) each second while it is measured. */
  writesPerSecond?: number;
  /** Requests started this many times a second, each without waiting for the others (see `measureArrivals`). */
  arrivalsPerSecond?: number;
};

/** The query the web client sends for its first page of posts. */
export const CLIENT_DEFAULTS =
  'orderby=created&order=desc&order_unlocked_on_top=true&status[]=published&status[]=draft&has_location=all&source[]=sms&source[]=twitter&source[]=web&source[]=email&limit=20&offset=0';

/** What `npm run bench` measures; scenarios for new endpoints are added here. */
export function scenarios(seeded: SeededDeployment): Scenario[] {
  const form = seeded.formIds[0]!;
  const tag = seeded.parentTagIds[1]!;
  const yearAgo = new Date(Date.now() - 365 * 86400_000).toISOString();
  const now = new Date().toISOString();
  return [
    {
      // The floor: an answer from memory, through the same HTTP stack, load generator and machine.
      name: 'floor: GET /config (answered from memory)',
      caller: 'anonymous',
      path: '/api/v3/config',
    },
    {
      name: 'newest 20 (anonymous, client default query)',
      targetP95: 15,
      caller: 'anonymous',
      path: `/api/v3/posts?${CLIENT_DEFAULTS}`,
      sql: `select * from posts where status = 'published' order by created desc, id desc limit 20`,
    },
    {
      name: 'newest 20 (admin, published + drafts)',
      targetP95: 15,
      caller: 'admin',
      path: `/api/v3/posts?${CLIENT_DEFAULTS}`,
      sql: `select * from posts where status in ('published', 'draft') order by created desc, id desc limit 20`,
    },
    {
      name: 'filtered list (survey + category + status + date range)',
      targetP95: 60,
      caller: 'admin',
      path: `/api/v3/posts?form[]=${form}&tags[]=${tag}&status[]=published&date_after=${yearAgo}&date_before=${now}&orderby=created&order=desc&limit=20`,
      sql: `select * from posts p where form_id = ${form} and status = 'published' and post_date > '${yearAgo}' and post_date <= '${now}'
              and exists (select 1 from posts_tags pt where pt.post_id = p.id and pt.tag_id = ${tag})
            order by created desc, id desc limit 20`,
    },
    {
      name: 'q search ("bridge")',
      caller: 'anonymous',
      path: `/api/v3/posts?q=bridge&orderby=created&order=desc&limit=20`,
      sql: `select * from posts where status = 'published' and (title ilike '%bridge%' or content ilike '%bridge%') order by created desc, id desc limit 20`,
    },
    {
      name: 'radius filter (10 km around Nairobi)',
      targetP95: 60,
      caller: 'anonymous',
      path: `/api/v3/posts?center_point=-1.2864,36.8172&within_km=10&orderby=created&order=desc&limit=20`,
      // As the API asks it: the posts' own points, inside the circle's box, then the true distance.
      sql: `select * from posts where status = 'published' and cardinality(published_to) = 0
              and places && ST_MakeEnvelope(36.7263, -1.3774, 36.9082, -1.1954, 4326)
              and ST_Distance(places::geography, ST_SetSRID(ST_MakePoint(36.8172, -1.2864), 4326)::geography, false) <= 10000
            order by created desc, id desc limit 20`,
    },
    {
      // Counts are kept per filter until a post changes: a radius never asked before counts afresh.
      name: 'radius filter (10 km, a new radius each request: nothing cached)',
      targetP95: 60,
      caller: 'anonymous',
      path: `/api/v3/posts?center_point=-1.2864,36.8172&within_km=10&orderby=created&order=desc&limit=20`,
      pathFor: (i) =>
        `/api/v3/posts?center_point=-1.2864,36.8172&within_km=${(10 + i / 1000).toFixed(3)}&orderby=created&order=desc&limit=20`,
    },
    {
      // Few matches among a million: the page must start from the points, not walk the newest posts.
      name: 'radius filter (1 km around Nairobi, API default order)',
      targetP95: 60,
      caller: 'anonymous',
      path: `/api/v3/posts?center_point=-1.2864,36.8172&within_km=1&limit=20`,
    },
    {
      // How existing clients draw their map: every mapped post, 200 at a time, each page with an
      // exact total (API-CONTRACT 9).
      name: 'GeoJSON, first page of 200 (existing clients, anonymous)',
      caller: 'anonymous',
      path: `/api/v3/posts/geojson?limit=200&offset=0`,
    },
    {
      name: 'GeoJSON, a further page of 200 each request',
      caller: 'anonymous',
      path: `/api/v3/posts/geojson?limit=200&offset=200`,
      pathFor: (i) => `/api/v3/posts/geojson?limit=200&offset=${200 * (i + 1)}`,
      requests: 50,
    },
    ...clusterScenarios(seeded),
    ...statsScenarios(),
  ];
}

/** The points a cluster index is built from (anonymous: published, every field visible), as the server loads them. */
const POINTS_SQL = `select string_agg(concat_ws(',', pp.post_id, coalesce(p.form_id, 0), round(pp.lon * 1000000)::int, round(pp.lat * 1000000)::int), ';')
  from posts p join post_points pp on pp.post_id = p.id
  join form_attributes fa on fa.id = pp.form_attribute_id join form_stages fs on fs.id = fa.form_stage_id
  where p.status = 'published' and cardinality(p.published_to) = 0 and fs.show_when_published and not fa.response_private`;

function clusterScenarios(seeded: SeededDeployment): Scenario[] {
  const viewports: Array<[string, number, string]> = [
    ['world', 2, '-180,-85,180,85'],
    ['country (Kenya)', 6, '33.5,-5,42,5'],
    ['city (Nairobi)', 12, '36.65,-1.45,37.0,-1.15'],
  ];
  const warm: Scenario[] = viewports.map(([name, zoom, bbox]) => ({
    name: `clusters, ${name} viewport (warm)`,
    targetP95: 60,
    caller: 'anonymous',
    path: `/api/v3/posts/clusters?zoom=${zoom}&bbox=${bbox}`,
  }));
  // Each request asks for a filter never seen before (a different start date), so each one builds
  // its index: the "first request after a filter change" figure.
  const epoch = Date.UTC(2000, 0, 1);
  return [
    ...warm,
    {
      name: 'clusters, country viewport, first request after a date filter change',
      targetP95: 1000, // issue 27 (it was 2 s)
      caller: 'anonymous',
      path: `/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5&created_after=2000-01-01`,
      pathFor: (i) => `/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5&created_after=${new Date(epoch + i * 1000).toISOString()}`,
      sql: POINTS_SQL,
      requests: 12,
      concurrency: 1,
    },
    {
      name: 'clusters, city viewport, first request after a date filter change',
      targetP95: 1000, // issue 27 (it was 2 s)
      caller: 'anonymous',
      path: `/api/v3/posts/clusters?zoom=12&bbox=36.65,-1.45,37.0,-1.15&created_after=2000-06-01`,
      pathFor: (i) =>
        `/api/v3/posts/clusters?zoom=12&bbox=36.65,-1.45,37.0,-1.15&created_after=${new Date(epoch + 86_400_000 + i * 1000).toISOString()}`,
      requests: 12,
      concurrency: 1,
    },
    {
      // The list while map indexes of a million points are built one after another beside it: the
      // builds run in the clustering thread, so the API's event loop keeps answering.
      name: 'newest 20 while cluster indexes are built beside it',
      targetP95: 15,
      caller: 'anonymous',
      path: `/api/v3/posts?${CLIENT_DEFAULTS}`,
      background: (i) =>
        `/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5&created_after=${new Date(epoch + 2 * 86_400_000 + i * 1000).toISOString()}`,
      requests: 400,
    },
    {
      // Every post written forgets the answers kept for a moment (ReadCache): the newest page is
      // read again from the database after each of them, as in a busy crisis.
      name: 'newest 20 while 10 posts a second are created through the API',
      targetP95: 15,
      caller: 'anonymous',
      path: `/api/v3/posts?${CLIENT_DEFAULTS}`,
      writesPerSecond: 10,
      requests: 400,
    },
    // Map visitors arrive on their own, five a second (each open map asks again at most once a
    // second after pushed post events), while posts keep coming: each change is taken into the
    // kept indexes in place (issue 27), so no answer waits for a build.
    ...viewports.map(([name, zoom, bbox]): Scenario => ({
      name: `clusters, ${name} viewport, 5 visitors a second arriving while 10 posts a second are created`,
      targetP95: 60,
      caller: 'anonymous',
      path: `/api/v3/posts/clusters?zoom=${zoom}&bbox=${bbox}`,
      writesPerSecond: 10,
      arrivalsPerSecond: 5,
      requests: 100,
    })),
    {
      // A category filter is not applied in memory: each new one is a statement, then a build.
      name: 'clusters, country viewport, first request after a category filter change',
      targetP95: 1000, // issue 27 (it was 2 s)
      caller: 'anonymous',
      path: `/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5&tags[]=${seeded.tagIds[0]}`,
      pathFor: (i) =>
        `/api/v3/posts/clusters?zoom=6&bbox=33.5,-5,42,5&tags[]=${seeded.tagIds[i % seeded.tagIds.length]}&created_after=${new Date(epoch + i * 1000).toISOString()}`,
      requests: 12,
      concurrency: 1,
    },
  ];
}

function statsScenarios(): Scenario[] {
  const today = new Date();
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - 3 * 3600_000).toISOString();
  const yearAgo = new Date(Date.now() - 365 * 86400_000).toISOString();
  const dayAgo = new Date(Date.now() - 86400_000).toISOString();
  const published = `status = 'published' and cardinality(published_to) = 0`;
  return [
    {
      name: 'stats by survey (sidebar, anonymous)',
      targetP95: 150,
      caller: 'anonymous',
      path: `/api/v3/posts/stats?group_by=form&status[]=published&status[]=draft&has_location=all&source[]=sms&source[]=twitter&source[]=web&source[]=email`,
      sql: `select form_id, coalesce(source, 'web'), count(*) from posts where ${published} group by 1, 2`,
    },
    {
      name: 'stats by survey with unmapped (admin)',
      targetP95: 150,
      caller: 'admin',
      path: `/api/v3/posts/stats?group_by=form&include_unmapped=1&status[]=published&status[]=draft`,
      sql: `select form_id, coalesce(source, 'web'), count(*) from posts where status in ('published', 'draft') group by 1, 2`,
    },
    {
      name: 'stats by source (admin)',
      targetP95: 150,
      caller: 'admin',
      path: `/api/v3/posts/stats?group_by=source&status=all`,
      sql: `select coalesce(source, 'web'), count(*) from posts group by 1`,
    },
    {
      name: 'stats timeline by day (activity page, admin)',
      caller: 'admin',
      path: `/api/v3/posts/stats?timeline=1&timeline_attribute=created&status=all`,
      sql: `select floor(extract(epoch from created) / 86400) * 86400, count(*) from posts group by 1`,
    },
    {
      // The activity page's "this month" in Nairobi: a range that starts at a local midnight.
      name: 'stats timeline by day, this month (activity page, admin)',
      caller: 'admin',
      path: `/api/v3/posts/stats?timeline=1&timeline_attribute=created&group_by=form&status=all&created_after=${monthStart}`,
      sql: `select form_id, floor(extract(epoch from created) / 86400) * 86400, count(*) from posts
            where created >= '${monthStart}' group by 1, 2`,
    },
    {
      name: 'stats timeline by day, a year to a day ago (custom range, admin)',
      caller: 'admin',
      path: `/api/v3/posts/stats?timeline=1&timeline_attribute=created&group_by=form&status=all&created_after=${yearAgo}&created_before=${dayAgo}`,
      sql: `select form_id, floor(extract(epoch from created) / 86400) * 86400, count(*) from posts
            where created >= '${yearAgo}' and created <= '${dayAgo}' group by 1, 2`,
    },
  ];
}
