import {
  DEFAULT_STATUS_FILTER,
  MAP_FIT_MAX_ZOOM,
  PostClustersQuery,
  UNGROUPED_MAX_POINTS,
  type PostClusterFeature,
  type PostClusters,
} from '@platform/shared';
import { anonymousAuth, blockedByPrivacy, type Auth } from '../../../auth/auth';
import type { AppContext } from '../../../context';
import { clusteringOn } from '../../settings/settings.presenter';
import { parseBody } from '../../../http/errors';
import { POINTS_ZOOM, type Bbox } from './cluster-index';
import { createClusterThread, GONE } from './cluster-thread';
import { createClusterCache } from './cluster-cache';
import { round6, selectionOf, selectPoints, type Selection } from './map-selection';
import { oneAtATime } from './one-at-a-time';
import { formColors, loadMapPoints } from './map-points.repository';
import { memoryBase, memoryFilters, NO_FORM, type PostSearch, type PostViewer } from '../search';
import { RESOURCE, type PostsReads } from '../posts.service';

/**
 * Clusters are computed up to this zoom; past it every point is its own feature (a street-level
 * viewport holds a few hundred). Each further level costs about as much as all the ones below it
 * for spread-out points, so this halves the time of a first build at a million points.
 */
const MAX_CLUSTER_ZOOM = 14;
/** Quiet time after everything kept was dropped before the anonymous default map is built again. */
const REWARM_DELAY_MS = 2_000;
/** The opening zoom when the map settings name none (API-CONTRACT 6 defaults). */
const DEFAULT_ZOOM = 2;
/** Web-mercator latitudes end here; supercluster clamps too. */
const WORLD: Bbox = [-180, -85.0511, 180, 85.0511];

/** Cluster radius in pixels when the settings name none (API-CONTRACT 6 defaults), and its bounds. */
const DEFAULT_RADIUS = 50;
const RADIUS_RANGE = [1, 200] as const;

/** The map settings' grouping (spec 3 section 5: `clustering`, `cluster_radius`). */
function groupingOf(map: Record<string, unknown>): { grouped: boolean; radius: number } {
  const configured = Number(map.cluster_radius);
  const radius = Number.isFinite(configured) && configured > 0 ? Math.round(configured) : DEFAULT_RADIUS;
  return {
    grouped: clusteringOn(map.clustering),
    radius: Math.min(RADIUS_RANGE[1], Math.max(RADIUS_RANGE[0], radius)),
  };
}

/**
 * An index built in the clustering thread, named by its number there, with the selection it was
 * built from (its points are numbered as that selection's) and the generation of posts it shows.
 */
type Index = { handle: number; loadedAt: number; selection: Selection; since: number };

/**
 * Zoom bands indexed separately: a band's index is built (from its highest zoom down) the first
 * time a viewport in it is asked for. Levels where few points merge cost nearly as much as all the
 * points, so one band is a fraction of the whole pyramid: a first request after a filter change
 * pays for its own band only. A cluster that splits past its band says so with `expansion_zoom`.
 */
const BAND = 4;
const bandOf = (zoom: number): [number, number] => {
  const low = Math.min(Math.floor(zoom / BAND) * BAND, Math.floor(MAX_CLUSTER_ZOOM / BAND) * BAND);
  return [low, Math.min(low + BAND - 1, MAX_CLUSTER_ZOOM)];
};

/**
 * Who sees the same points: managers all see every post (unless they filter on `user=me`), anonymous
 * callers share one view, a member sees their own drafts and exact locations.
 */
function viewerKey(viewer: PostViewer, search: PostSearch): string {
  if (viewer.manager) return search.user.includes('me') ? `manager:${viewer.userId}` : 'manager';
  return viewer.userId === null ? 'anonymous' : `user:${viewer.userId}:${viewer.role ?? ''}`;
}

/** How a kind of caller's points were loaded, to load a few posts of them again. */
type Load = { search: PostSearch; viewer: PostViewer };

/**
 * `GET /posts/clusters` (contracts-extra): the matching mapped posts clustered on the server with
 * supercluster, so the browser never receives more than the clusters and points of its viewport.
 * The index of a filter set is built once (one statement, then a build in the clustering thread,
 * so the event loop keeps serving meanwhile) and kept until a post event arrives; the points it
 * was built from then take in the changed posts (`patch`), and a change of collections, settings
 * or users drops them too.
 */
export function createPostClustersService(ctx: AppContext, reads: PostsReads) {
  const thread = createClusterThread(() => cache.clear());
  const cache = createClusterCache<Load>({
    drop: (handle) => thread.drop(handle),
    reload: (load, post_id) => loadMapPoints(ctx.db, { ...load.search, post_id }, load.viewer),
    onClear: () => warmLater(REWARM_DELAY_MS),
  });
  /**
   * One build of an index at a time, and one more waiting that everyone asking meanwhile shares; it
   * takes its points when it starts. Under a steady stream of new posts each change drops the
   * index: without this, every map visitor asking after a change queued a build of its own in the
   * clustering thread (most of a second at a million points), and the queue, and every answer's
   * wait, grew for as long as posts came (5 visitors a second, 10 posts a second: p50 23 s).
   */
  const oneBuildAtATime = oneAtATime<Index>();
  let closed = false;
  let warmTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles when the warm-up asked for last has run (tests; nothing waits for it otherwise). */
  let warmed: Promise<void> = Promise.resolve();
  let warmDone: (() => void) | null = null;

  ctx.reader.subscribe((events) => cache.take(events));

  /** The band's index of a selection, built in the clustering thread from its coordinates. */
  async function index(selection: Selection, band: [number, number], radius: number): Promise<number> {
    const { points, selected, count } = selection;
    const lon = new Float64Array(count);
    const lat = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const i = selected ? selected[k]! : k;
      lon[k] = points.lon[i]!;
      lat[k] = points.lat[i]!;
    }
    return thread.build(lon, lat, band, radius);
  }

  /** The points of a filter set, from SQL, or for survey/status/source/date filters from the viewer's cached points. */
  function selectionFor(key: string, who: unknown[], search: PostSearch, viewer: PostViewer): Promise<Selection> {
    return cache.get<Selection>(
      key,
      async () => {
        const colors = formColors(ctx.db);
        const filters = memoryFilters(search, viewer);
        if (filters) {
          const base = memoryBase(search);
          const pointsKey = JSON.stringify(['points', ...who, base]);
          const points = await cache.points(pointsKey, { search: base, viewer }, () => loadMapPoints(ctx.db, base, viewer));
          return selectionOf(points, selectPoints(points, filters), await colors);
        }
        const points = await loadMapPoints(ctx.db, search, viewer);
        return selectionOf(points, null, await colors);
      },
      () => 0,
    );
  }

  async function entryFor(search: PostSearch, viewer: PostViewer, zoom: number, radius: number): Promise<Selection & { handle: number }> {
    const who = [viewerKey(viewer, search), viewer.locationPrecision];
    const key = JSON.stringify(['selection', ...who, search]);
    const band = bandOf(zoom);
    const indexKey = `${key}:${band[0]}:${radius}`;
    const built = await cache.get<Index>(
      indexKey,
      () =>
        oneBuildAtATime(indexKey, async () => {
          const since = cache.generation();
          const selection = await selectionFor(key, who, search, viewer);
          return { handle: await index(selection, band, radius), loadedAt: Date.now(), selection, since };
        }),
      (value) => value.selection.count,
    );
    return { ...built.selection, handle: built.handle };
  }

  async function clusters(auth: Auth, query: Record<string, unknown>): Promise<PostClusters> {
    reads.authorizeSearch(auth);
    const { zoom, bbox } = parseBody(PostClustersQuery, { zoom: query.zoom, bbox: query.bbox }, RESOURCE);
    // `bbox` here is the viewport (west,south,east,north), not the list's filter; `total` is world-wide.
    const { bbox: _viewport, ...filters } = query;
    const search = await reads.searchOf(filters);
    if (search.has_location === 'mapped') search.has_location = 'all';
    const viewer = await reads.viewer(auth, search);
    const { grouped, radius } = groupingOf(await ctx.settings.get('map'));
    // An index dropped between its lookup and its query (a post changed) is built again, once.
    const viewport = async () => {
      const entry = await entryFor(search, viewer, zoom, radius);
      const hits = await thread.query(entry.handle, bbox ?? WORLD, zoom);
      // Grouping turned off: the viewport's posts one by one, as long as there are few enough.
      if (grouped || !hits.some((hit) => hit.k < 0)) return { ...entry, hits };
      const inView = hits.reduce((sum, hit) => sum + hit.count, 0);
      if (inView > UNGROUPED_MAX_POINTS) return { ...entry, hits };
      const points = await thread.query(entry.handle, bbox ?? WORLD, POINTS_ZOOM);
      return { ...entry, hits: points.length <= UNGROUPED_MAX_POINTS ? points : hits };
    };
    const { hits, points, selected, posts, extent, colors } = await viewport().catch((error: unknown) => {
      if (error instanceof Error && GONE.test(error.message)) return viewport();
      throw error;
    });

    const features: PostClusterFeature[] = hits.map((hit) => {
      const geometry = { type: 'Point' as const, coordinates: [round6(hit.lon), round6(hit.lat)] as [number, number] };
      if (hit.k < 0) return { type: 'Feature', geometry, properties: { cluster: true, count: hit.count, expansion_zoom: hit.expansion } };
      // The thread numbers the selected points from 0; their columns are the loaded points'.
      const i = selected ? selected[hit.k]! : hit.k;
      const formId = points.formIds[i] === NO_FORM ? null : points.formIds[i]!;
      return {
        type: 'Feature',
        geometry,
        properties: { cluster: false, id: points.ids[i]!, form_id: formId, color: formId === null ? null : (colors.get(formId) ?? null) },
      };
    });
    // RFC 7946's bbox: where every matching post lies, which a map fits itself to (cluster centres lie inside it).
    // `total` counts posts, as the map's "N posts on the map" reads; the clusters count points.
    return { type: 'FeatureCollection', total: posts, ...(extent ? { bbox: extent } : {}), features };
  }

  /**
   * Builds what the first anonymous visitor of the map asks for: the world under the default filters
   * at the default view's zoom and, while that is a single cluster, the zooms a map fitting itself
   * to the posts steps to (the client's `fitClusters`).
   * Nobody then waits for a million points to be loaded after a start or after everything was dropped.
   */
  async function warm(): Promise<void> {
    const auth = anonymousAuth(await ctx.settings.isPrivate());
    if (blockedByPrivacy(auth)) return;
    const view = (await ctx.settings.get('map')).default_view as Record<string, unknown> | undefined;
    const configured = Number(view?.zoom);
    let zoom = Number.isFinite(configured) && configured >= 0 && configured <= 18 ? Math.floor(configured) : DEFAULT_ZOOM;
    for (let step = 0; step <= 4 && !closed; step++) {
      const [only, ...others] = (await clusters(auth, { status: [...DEFAULT_STATUS_FILTER], zoom: String(zoom) })).features;
      if (!only?.properties.cluster || others.length > 0 || zoom >= MAP_FIT_MAX_ZOOM) return;
      zoom = Math.min(only.properties.expansion_zoom, MAP_FIT_MAX_ZOOM);
    }
  }

  /** Runs `warm` after `delayMs`, once for any number of calls meanwhile. */
  function warmLater(delayMs: number): void {
    if (closed) return;
    clearTimeout(warmTimer);
    if (!warmDone) warmed = new Promise((resolve) => (warmDone = resolve));
    warmTimer = setTimeout(() => {
      const done = warmDone;
      warmDone = null;
      warm()
        .catch((error: unknown) => closed || ctx.logger.warn({ err: error }, 'the default map could not be prepared'))
        .finally(() => done?.());
    }, delayMs);
    warmTimer.unref();
  }

  return {
    clusters,
    /** Drops every cached index (tests; changes made outside the API). */
    invalidate: () => cache.clear(),
    /** Prepares the anonymous default map in the background (a node calls it once it listens). */
    warm: () => warmLater(0),
    /** Settles once the last warm-up asked for has run. */
    warmed: () => warmed,
    /** Stops the clustering thread. */
    close: async () => {
      closed = true;
      clearTimeout(warmTimer);
      warmDone?.();
      await thread.close();
    },
  };
}
