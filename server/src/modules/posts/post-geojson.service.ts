import { POST_LIST_DEFAULTS, POST_SORTABLE } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import type { AppContext } from '../../context';
import { parsePaging } from '../../http/query';
import type { PostView } from './posts.presenter';
import { searchPosts } from './search';
import { RESOURCE, type PostsReads } from './posts.service';

/** Posts per `/posts/geojson` request: no 20 cap (the client pages by 200), but never unbounded. */
export const GEOJSON_MAX_LIMIT = 2000;

export type Bbox = [number, number, number, number];

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A slippy-map tile as `[west, north, east, south]` (`/1/0/0` -> `[-180, 85.0511, 0, 0]`,
 * API-CONTRACT 9); null for a tile that does not exist at that zoom.
 */
export function tileBbox(z: number, x: number, y: number): Bbox | null {
  if (z > 30) return null;
  const n = 2 ** z;
  if (x >= n || y >= n) return null;
  const lon = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return [round4(lon(x)), round4(lat(y)), round4(lon(x + 1)), round4(lat(y + 1))];
}

export type GeoJsonResult = { views: PostView[]; total: number; bbox?: Bbox; locationPrecision: number };

export function createPostGeoJsonService(ctx: AppContext, reads: PostsReads) {
  return {
    /** The list's filters and visibility; a tile replaces any `bbox` parameter. */
    async collection(auth: Auth, query: Record<string, unknown>, tile?: Bbox): Promise<GeoJsonResult> {
      reads.authorizeSearch(auth);
      const paging = parsePaging(query, {
        resource: RESOURCE,
        sortable: POST_SORTABLE,
        ...POST_LIST_DEFAULTS,
        maxLimit: GEOJSON_MAX_LIMIT,
      });
      const search = await reads.searchOf(query);
      if (tile) search.bbox = tile;
      const viewer = await reads.viewer(auth, search);
      const { rows, total } = await searchPosts(ctx.db, search, viewer, paging, { mode: 'exact', sessions: ctx.lists });
      return {
        views: await reads.views(ctx.db, rows),
        total,
        bbox: search.bbox as Bbox | undefined,
        locationPrecision: viewer.locationPrecision,
      };
    },

    async single(auth: Auth, id: number): Promise<{ view: PostView; locationPrecision: number }> {
      return { view: await reads.get(auth, id), locationPrecision: await reads.locationPrecision() };
    },
  };
}
