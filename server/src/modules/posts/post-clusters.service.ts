import {
  DEFAULT_STATUS_FILTER,
  MAP_FIT_MAX_ZOOM,
  PostClustersQuery,
  UNGROUPED_MAX_POINTS,
  type PostClusterFeature,
  type PostClusters,
} from '@platform/shared';
import { anonymousAuth, blockedByPrivacy, type Auth } from '../../auth/auth';
import type { StoredEvent } from '../../events/events.repository';
import type { AppContext } from '../../context';
import { clusteringOn } from '../config/config.presenter';
import { parseBody } from '../../http/errors';
import { POINTS_ZOOM, type Bbox } from './cluster-index';
import { createClusterThread, GONE } from './cluster-thread';
import { CHANGES_MATCHES } from './post-events';
import { isDead, replacePosts, type MapPoints } from './map-points';
import { oneAtATime } from './one-at-a-time';
import { formColors, loadMapPoints, NEVER, SOURCE_CODES, STATUS_CODES } from './post-clusters.repository';
import type { PostSearch, PostViewer } from './posts-search.repository';
import { RESOURCE, type PostsReads } from './posts.service';

/** Indexes kept in memory, least recently used dropped first (one per filter set and kind of caller). */
const MAX_ENTRIES = 16;
/** And never more points than this across them (an index of a million points takes about 100 MB). */
const MAX_POINTS = 4_000_000;
/** A backstop for changes that append no event (a survey's colour or hidden locations). */
const MAX_AGE_MS = 5 * 60_000;
/** Past this many posts changed in one batch of events, the points are loaded again whole. */
const MAX_PATCHED_POSTS = 1_000;
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

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** The points of one filter set: `selected` of `points` (all when null), `count` of them. */
type Selection = {
  points: MapPoints;
  selected: Int32Array | null;
  count: number;
  /** The posts those points are of: a post has a point per location value. */
  posts: number;
  /** West, south, east, north of the selected points; null when there are none. */
  extent: Extent | null;
  colors: Map<number, string | null>;
  loadedAt: number;
};
type Extent = [number, number, number, number];

/** Above this id, `postsOf` sorts instead of keeping a bit per id (16 MB). */
const MAX_BITMAP_ID = 2 ** 27;

/**
 * How many posts the selected points are of: a post has a point per location value. Post ids are
 * serial, so a bit per id up to the highest is small (125 kB for a million) and a pass over a
 * million points takes milliseconds, where a Set or a sort takes a tenth of a second.
 */
function postsOf(points: MapPoints, selected: Int32Array | null): number {
  const count = selected ? selected.length : points.ids.length;
  const idAt = (k: number) => points.ids[selected ? selected[k]! : k]!;
  let max = 0;
  for (let k = 0; k < count; k++) max = Math.max(max, idAt(k));
  let posts = 0;
  if (max <= MAX_BITMAP_ID) {
    const seen = new Uint8Array((max >>> 3) + 1);
    for (let k = 0; k < count; k++) {
      const id = idAt(k);
      const bit = 1 << (id & 7);
      if ((seen[id >>> 3]! & bit) === 0) {
        seen[id >>> 3]! |= bit;
        posts++;
      }
    }
    return posts;
  }
  const ids = Int32Array.from({ length: count }, (_, k) => idAt(k)).sort();
  for (let k = 0; k < count; k++) if (k === 0 || ids[k] !== ids[k - 1]) posts++;
  return posts;
}

/** The box around the selected points (all of them when `selected` is null), for a map to fit. */
function extentOf(points: MapPoints, selected: Int32Array | null): Extent | null {
  const count = selected ? selected.length : points.ids.length;
  if (count === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < count; k++) {
    const i = selected ? selected[k]! : k;
    const lon = points.lon[i]!;
    const lat = points.lat[i]!;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [round6(west), round6(south), round6(east), round6(north)];
}
type Base = { points: MapPoints; loadedAt: number };
/**
 * An index built in the clustering thread, named by its number there, with the selection it was
 * built from (its points are numbered as that selection's) and the generation of posts it shows.
 */
type Index = { handle: number; loadedAt: number; selection: Selection; since: number };
type Entry = Selection | Base | Index;

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
 * Filters the in-memory point columns can apply (survey, status, source, the three date ranges)
 * without a new statement: a change of these rebuilds only the index. Anything else is SQL.
 */
function memoryFilterable(search: PostSearch): boolean {
  return (
    !search.q &&
    search.tags.any.length === 0 &&
    search.tags.all.length === 0 &&
    search.set.length === 0 &&
    search.user.length === 0 &&
    !search.created_before_by_id &&
    !search.created_after_by_id &&
    !search.bbox &&
    !(search.center_point && search.within_km !== undefined) &&
    search.has_location !== 'unmapped' &&
    search.published_to.length === 0 &&
    search.post_id.length === 0 &&
    Object.values(search.values).every((list) => list.length === 0) &&
    !search.type &&
    !search.locale &&
    !search.slug &&
    search.parent.length === 0 &&
    search.demoLimit === null &&
    search.source.every((s) => (SOURCE_CODES as readonly string[]).includes(s))
  );
}

/** Indexes of the live points passing survey, status, source and date filters (the SQL filters' twins). */
function selectPoints(points: MapPoints, search: PostSearch): Int32Array {
  const forms = new Set(search.form.map((f) => (f === 'none' ? 0 : f)));
  const statuses = search.status === 'all' ? null : new Set(search.status.map((s) => STATUS_CODES.indexOf(s)));
  const sources = search.source.length === 0 ? null : new Set(search.source.map((s) => (SOURCE_CODES as readonly string[]).indexOf(s)));
  const ms = (d: Date | undefined) => (d === undefined ? null : d.getTime());
  const [ca, cb, ua, ub, da, db] = [
    ms(search.created_after),
    ms(search.created_before),
    ms(search.updated_after),
    ms(search.updated_before),
    ms(search.date_after),
    ms(search.date_before),
  ];
  const out = new Int32Array(points.ids.length);
  let n = 0;
  for (let i = 0; i < points.ids.length; i++) {
    if (isDead(points, i)) continue;
    if (forms.size > 0 && !forms.has(points.formIds[i]!)) continue;
    if (statuses && !statuses.has(points.status[i]!)) continue;
    if (sources && !sources.has(points.source[i]!)) continue;
    const created = points.created[i]!;
    if ((ca !== null && created < ca) || (cb !== null && created > cb)) continue;
    const updated = points.updated[i]!;
    if ((ua !== null || ub !== null) && updated === NEVER) continue;
    if ((ua !== null && updated < ua) || (ub !== null && updated > ub)) continue;
    const postDate = points.postDate[i]!;
    if ((da !== null && postDate <= da) || (db !== null && postDate > db)) continue;
    out[n++] = i;
  }
  return out.subarray(0, n);
}

/** Every point of the survey/status/source/date-agnostic search the in-memory filters start from. */
function baseSearch(search: PostSearch): PostSearch {
  return {
    ...search,
    status: 'all',
    form: [],
    source: [],
    created_after: undefined,
    created_before: undefined,
    updated_after: undefined,
    updated_before: undefined,
    date_after: undefined,
    date_before: undefined,
    has_location: 'all',
    include_types: [],
    include_attributes: [],
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

/** The posts a batch of events changed, or null when one of them may change more than its post. */
function changedPosts(events: StoredEvent[]): Set<number> | null {
  const ids = new Set<number>();
  for (const event of events) {
    const id = Number(event.aggregate_id);
    if (!event.type.startsWith('post.') || event.aggregate_type !== 'post' || !Number.isInteger(id)) return null;
    ids.add(id);
  }
  return ids.size <= MAX_PATCHED_POSTS ? ids : null;
}

/**
 * `GET /posts/clusters` (contracts-extra): the matching mapped posts clustered on the server with
 * supercluster, so the browser never receives more than the clusters and points of its viewport.
 * The index of a filter set is built once (one statement, then a build in the clustering thread,
 * so the event loop keeps serving meanwhile) and kept until a post event arrives; the points it
 * was built from then take in the changed posts (`patch`), and a change of collections, settings
 * or users drops them too.
 */
export function createPostClustersService(ctx: AppContext, reads: PostsReads) {
  /** Built indexes and loaded point columns, least recently used first. */
  const cache = new Map<string, Promise<Entry>>();
  /** Points held by each resolved cache value, for the memory budget. */
  const sizes = new Map<Promise<Entry>, number>();
  /**
   * One build of an index at a time, and one more waiting that everyone asking meanwhile shares; it
   * takes its points when it starts. Under a steady stream of new posts each change drops the
   * index: without this, every map visitor asking after a change queued a build of its own in the
   * clustering thread (most of a second at a million points), and the queue, and every answer's
   * wait, grew for as long as posts came (5 visitors a second, 10 posts a second: p50 23 s).
   */
  const oneBuildAtATime = oneAtATime<Index>();
  /** How each kind of caller's points were loaded, to load a few posts of them again. */
  const loads = new Map<string, { search: PostSearch; viewer: PostViewer }>();
  let generation = 0;
  const thread = createClusterThread(() => clear());
  let closed = false;
  let warmTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles when the warm-up asked for last has run (tests; nothing waits for it otherwise). */
  let warmed: Promise<void> = Promise.resolve();
  let warmDone: (() => void) | null = null;

  /** An entry leaves the cache: an index it holds goes from the thread too. */
  function release(pending: Promise<Entry>): void {
    sizes.delete(pending);
    pending.then(
      // A build shared by requests before and after a change may be kept again under its key.
      (value) => 'handle' in value && ![...cache.values()].includes(pending) && thread.drop(value.handle),
      () => undefined,
    );
  }

  function evict(): void {
    let points = 0;
    for (const pending of cache.values()) points += sizes.get(pending) ?? 0;
    for (const [key, pending] of cache) {
      if (cache.size <= 2 || (cache.size <= MAX_ENTRIES && points <= MAX_POINTS)) break;
      cache.delete(key);
      loads.delete(key);
      points -= sizes.get(pending) ?? 0;
      release(pending);
    }
  }

  function clear(): void {
    generation++;
    for (const pending of cache.values()) release(pending);
    cache.clear();
    loads.clear();
    warmLater(REWARM_DELAY_MS);
  }

  /**
   * Posts changed: the loaded points of every kind of caller get those posts' points as they are
   * now (one small statement each, chained after any load or patch still running), and everything
   * made from them (selections, indexes) goes. A map under a steady stream of new posts then pays
   * for an index build per change, not for loading a million points again.
   */
  function patch(ids: ReadonlySet<number>): void {
    generation++;
    const post_id = [...ids];
    for (const [key, pending] of [...cache]) {
      const load = loads.get(key);
      cache.delete(key);
      release(pending);
      if (!load) continue;
      const patched = (pending as Promise<Base>).then(async (base) => ({
        points: replacePosts(base.points, ids, await loadMapPoints(ctx.db, { ...load.search, post_id }, load.viewer)),
        loadedAt: base.loadedAt,
      }));
      cache.set(key, patched);
      patched.then(
        (value) => cache.get(key) === patched && sizes.set(patched, value.points.ids.length),
        () => {
          if (cache.get(key) === patched) cache.delete(key);
        },
      );
    }
  }

  ctx.reader.subscribe((events) => {
    const changes = events.filter((event) => CHANGES_MATCHES.test(event.type));
    if (changes.length === 0) return;
    const posts = changedPosts(changes);
    if (posts) patch(posts);
    else clear();
  });

  /** The cached value of `key`, or a new one from `build` (kept unless a post changed meanwhile). */
  function cached<T extends Entry>(key: string, build: () => Promise<T>, size: (value: T) => number): Promise<T> {
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.then((value) => {
        if (Date.now() - value.loadedAt <= MAX_AGE_MS) return value;
        if (cache.get(key) === hit) release(hit);
        return rebuild();
      });
    }
    return rebuild();

    function rebuild(): Promise<T> {
      const started = generation;
      const pending = build();
      cache.set(key, pending);
      evict();
      // A post changed while this was loading: answer with it, but do not keep it.
      pending.then(
        (value) => {
          if (cache.get(key) !== pending) return;
          // An index says which posts it shows: it may have waited for the build before it.
          if (generation !== ('since' in value ? value.since : started)) {
            cache.delete(key);
            release(pending);
          } else {
            sizes.set(pending, size(value));
            evict();
          }
        },
        () => {
          if (cache.get(key) === pending) cache.delete(key);
        },
      );
      return pending;
    }
  }

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
    return cached<Selection>(
      key,
      async () => {
        const colors = formColors(ctx.db);
        if (memoryFilterable(search)) {
          const base = baseSearch(search);
          const pointsKey = JSON.stringify(['points', ...who, base]);
          const { points } = await cached<Base>(
            pointsKey,
            async () => {
              loads.set(pointsKey, { search: base, viewer });
              return { points: await loadMapPoints(ctx.db, base, viewer), loadedAt: Date.now() };
            },
            (value) => value.points.ids.length,
          );
          const selected = selectPoints(points, search);
          return {
            points,
            selected,
            count: selected.length,
            posts: postsOf(points, selected),
            extent: extentOf(points, selected),
            colors: await colors,
            loadedAt: Date.now(),
          };
        }
        const points = await loadMapPoints(ctx.db, search, viewer);
        return {
          points,
          selected: null,
          count: points.ids.length,
          posts: postsOf(points, null),
          extent: extentOf(points, null),
          colors: await colors,
          loadedAt: Date.now(),
        };
      },
      () => 0,
    );
  }

  async function entryFor(search: PostSearch, viewer: PostViewer, zoom: number, radius: number): Promise<Selection & { handle: number }> {
    const who = [viewerKey(viewer, search), viewer.locationPrecision];
    const key = JSON.stringify(['selection', ...who, search]);
    const band = bandOf(zoom);
    const indexKey = `${key}:${band[0]}:${radius}`;
    const built = await cached<Index>(
      indexKey,
      () =>
        oneBuildAtATime(indexKey, async () => {
          const since = generation;
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
      const formId = points.formIds[i] === 0 ? null : points.formIds[i]!;
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
    invalidate: clear,
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
