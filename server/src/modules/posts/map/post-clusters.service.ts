import {
  DEFAULT_STATUS_FILTER,
  fittedView,
  PostClustersQuery,
  UNGROUPED_MAX_POINTS,
  type PostClusterFeature,
  type PostClusters,
} from '@platform/shared';
import { anonymousAuth, blockedByPrivacy, type Auth } from '../../../auth/auth';
import type { AppContext } from '../../../context';
import { clusteringOn } from '../../settings/settings.presenter';
import { parseBody } from '../../../http/errors';
import { createClusterThread, GONE } from './cluster-thread';
import { createClusterCache } from './cluster-cache';
import { createClusterGrids } from './cluster-grids';
import { createChangeGatherer } from './change-gatherer';
import { GRID_MAX_ZOOM, MERCATOR_EDGE, type Bbox, type GridPoints } from './grid-index';
import { round6, selectPoints } from './map-selection';
import { isDead, type MapPoints } from './map-points';
import { formColors, loadMapPoints } from './map-points.repository';
import { memoryBase, memoryFilters, NO_FORM, type PostSearch, type PostViewer } from '../search';
import { RESOURCE, type PostsReads } from '../posts.service';

/** Asked at this zoom, an index gives the points themselves, never clusters. */
const POINTS_ZOOM = GRID_MAX_ZOOM + 1;
/**
 * How long post changes gather before the kept indexes take them in unasked (a request takes them in
 * at once): under a stream of writes, one small statement per index per few posts, not per post.
 */
const CHANGE_GATHER_MS = 50;
/** Quiet time after everything kept was dropped before the anonymous default map is built again. */
const REWARM_DELAY_MS = 2_000;
/** The opening zoom when the map settings name none (API-CONTRACT 6 defaults). */
const DEFAULT_ZOOM = 2;
/** Web-mercator latitudes end here. */
const WORLD: Bbox = [-180, -MERCATOR_EDGE, 180, MERCATOR_EDGE];

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
 * Who sees the same points: managers all see every post (unless they filter on `user=me`), anonymous
 * callers share one view, a member sees their own drafts and exact locations.
 */
function viewerKey(viewer: PostViewer, search: PostSearch): string {
  if (viewer.manager) return search.user.includes('me') ? `manager:${viewer.userId}` : 'manager';
  return viewer.userId === null ? 'anonymous' : `user:${viewer.userId}:${viewer.role ?? ''}`;
}

/** How a kind of caller's points were loaded, to load a few posts of them again. */
type Load = { search: PostSearch; viewer: PostViewer };

/** The live points of `points` (`selected` of them, all when null) as columns the thread takes. */
function gridPoints(points: MapPoints, selected: Int32Array | null): GridPoints {
  const count = selected ? selected.length : points.ids.length;
  const out: GridPoints = {
    lonE6: new Int32Array(count),
    latE6: new Int32Array(count),
    ids: new Int32Array(count),
    forms: new Int32Array(count),
  };
  let n = 0;
  for (let k = 0; k < count; k++) {
    const i = selected ? selected[k]! : k;
    if (!selected && isDead(points, i)) continue;
    out.lonE6[n] = points.lonE6[i]!;
    out.latE6[n] = points.latE6[i]!;
    out.ids[n] = points.ids[i]!;
    out.forms[n] = points.formIds[i]!;
    n++;
  }
  if (n === count) return out;
  return { lonE6: out.lonE6.slice(0, n), latE6: out.latE6.slice(0, n), ids: out.ids.slice(0, n), forms: out.forms.slice(0, n) };
}

/**
 * `GET /posts/clusters` (contracts-extra): the matching mapped posts clustered on the server, so the
 * browser never receives more than the clusters and points of its viewport. The index of a filter
 * set is built once in the clustering thread (from one statement, or for survey/status/source/date
 * filters from the caller's points kept in memory) and then kept up to date in place as post events
 * arrive (`cluster-grids.ts`, `grid-index.ts`): a map under a stream of new posts never waits for a
 * rebuild. A change of collections, settings or users drops everything.
 */
export function createPostClustersService(ctx: AppContext, reads: PostsReads) {
  const thread = createClusterThread(() => clear());
  const grids = createClusterGrids(thread);
  const cache = createClusterCache<Load>({
    reload: (load, post_id) => loadMapPoints(ctx.db, { ...load.search, post_id }, load.viewer),
  });
  const changes = createChangeGatherer({
    gatherMs: CHANGE_GATHER_MS,
    takeIn: (ids) => {
      cache.patch(ids);
      grids.changed(ids);
    },
    clear: () => clear(),
  });
  let closed = false;
  /** Indexes built from whole point sets so far (tests and benches: changes do not build). */
  let builds = 0;
  let warmTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles when the warm-up asked for last has run (tests; nothing waits for it otherwise). */
  let warmed: Promise<void> = Promise.resolve();
  let warmDone: (() => void) | null = null;

  function clear(): void {
    changes.drop();
    cache.clear();
    grids.clear();
    warmLater(REWARM_DELAY_MS);
  }

  ctx.reader.subscribe((events) => changes.heard(events));

  /** The points of a filter set: from SQL, or for survey/status/source/date filters from the viewer's points kept in memory. */
  async function pointsFor(who: unknown[], search: PostSearch, viewer: PostViewer): Promise<GridPoints> {
    const filters = memoryFilters(search, viewer);
    if (!filters) return gridPoints(await loadMapPoints(ctx.db, search, viewer), null);
    const base = memoryBase(search);
    const pointsKey = JSON.stringify(['points', ...who, base]);
    const points = await cache.points(pointsKey, { search: base, viewer }, () => loadMapPoints(ctx.db, base, viewer));
    return gridPoints(points, selectPoints(points, filters));
  }

  /** The number of the filter set's index in the clustering thread, up to date with every change heard of. */
  function indexFor(search: PostSearch, viewer: PostViewer, radius: number): Promise<number> {
    const who = [viewerKey(viewer, search), viewer.locationPrecision];
    return grids.get(
      JSON.stringify(['grid', ...who, radius, search]),
      async () => {
        const points = await pointsFor(who, search, viewer);
        const count = points.ids.length;
        builds++;
        return { handle: await thread.build(points, radius), points: count };
      },
      async (ids) => gridPoints(await loadMapPoints(ctx.db, { ...search, post_id: ids }, viewer), null),
    );
  }

  async function clusters(auth: Auth, query: Record<string, unknown>): Promise<PostClusters> {
    // Every change heard before the question is in its answer.
    changes.flush();
    reads.authorizeSearch(auth);
    const { zoom, bbox, fit } = parseBody(PostClustersQuery, { zoom: query.zoom, bbox: query.bbox, fit: query.fit }, RESOURCE);
    // `bbox` here is the viewport (west,south,east,north), not the list's filter; `total` is world-wide.
    const { bbox: _viewport, fit: _fit, ...filters } = query;
    const search = await reads.searchOf(filters);
    if (search.has_location === 'mapped') search.has_location = 'all';
    const viewer = await reads.viewer(auth, search);
    const { grouped, radius } = groupingOf(await ctx.settings.get('map'));
    const colors = formColors(ctx.db);
    const inViewport = async (handle: number, box: Bbox, at: number) => {
      const answer = await thread.query(handle, box, at);
      // Grouping turned off: the viewport's posts one by one, as long as there are few enough.
      if (grouped || !answer.hits.some((hit) => hit.id < 0)) return answer;
      const inView = answer.hits.reduce((sum, hit) => sum + hit.count, 0);
      if (inView > UNGROUPED_MAX_POINTS) return answer;
      const points = await thread.query(handle, box, POINTS_ZOOM);
      return points.hits.length <= UNGROUPED_MAX_POINTS ? points : answer;
    };
    const viewport = async () => {
      const handle = await indexFor(search, viewer, radius);
      if (!fit) return inViewport(handle, bbox ?? WORLD, zoom);
      // A fitted map's first question: the view it opens at, with every matching post's bbox. The
      // world is asked only for that bbox (without posts it is the empty answer itself).
      const world = await thread.query(handle, WORLD, zoom);
      if (!world.bounds) return world;
      const fitted = fittedView(world.bounds, fit, zoom);
      return { ...(await inViewport(handle, fitted.viewport, Math.floor(fitted.camera.zoom))), bounds: world.bounds };
    };
    // An index dropped between its lookup and its query (everything was cleared) is built again, once.
    const { hits, posts, bounds } = await viewport().catch((error: unknown) => {
      if (error instanceof Error && GONE.test(error.message)) return viewport();
      throw error;
    });
    const colorOf = await colors;

    const features: PostClusterFeature[] = hits.map((hit) => {
      const geometry = { type: 'Point' as const, coordinates: [round6(hit.lon), round6(hit.lat)] as [number, number] };
      if (hit.id < 0) return { type: 'Feature', geometry, properties: { cluster: true, count: hit.count, expansion_zoom: hit.expansion } };
      const formId = hit.form === NO_FORM ? null : hit.form;
      return {
        type: 'Feature',
        geometry,
        properties: { cluster: false, id: hit.id, form_id: formId, color: formId === null ? null : (colorOf.get(formId) ?? null) },
      };
    });
    // RFC 7946's bbox: where every matching post lies, which a map fits itself to (cluster centres lie inside it).
    // `total` counts posts, as the map's "N posts on the map" reads; the clusters count points.
    const extent = bounds ? (bounds.map(round6) as Bbox) : null;
    return { type: 'FeatureCollection', total: posts, ...(extent ? { bbox: extent } : {}), features };
  }

  /**
   * Builds what the first anonymous visitor of the map asks for: the world under the default filters
   * at the default view's zoom. Its index answers every other zoom and viewport of those filters,
   * the fitted view the visitor's map asks for next included (the client's `fitClusters`).
   * Nobody then waits for a million points to be loaded after a start or after everything was dropped.
   */
  async function warm(): Promise<void> {
    const auth = anonymousAuth(await ctx.settings.isPrivate());
    if (blockedByPrivacy(auth) || closed) return;
    const view = (await ctx.settings.get('map')).default_view as Record<string, unknown> | undefined;
    const configured = Number(view?.zoom);
    const zoom = Number.isFinite(configured) && configured >= 0 && configured <= 18 ? Math.floor(configured) : DEFAULT_ZOOM;
    await clusters(auth, { status: [...DEFAULT_STATUS_FILTER], zoom: String(zoom) });
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
    invalidate: () => clear(),
    /** How many indexes were built from whole point sets (tests, benches). */
    builds: () => builds,
    /** Prepares the anonymous default map in the background (a node calls it once it listens). */
    warm: () => warmLater(0),
    /** Settles once the last warm-up asked for has run. */
    warmed: () => warmed,
    /** Stops the clustering thread. */
    close: async () => {
      closed = true;
      clearTimeout(warmTimer);
      changes.drop();
      warmDone?.();
      await thread.close();
    },
  };
}
