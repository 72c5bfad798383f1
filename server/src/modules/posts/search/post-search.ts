import type { PostListQuery } from '@platform/shared';

/** The filters of API-CONTRACT 8.4 plus the demo tier's cap (only the first posts by id). */
export type PostSearch = PostListQuery & { demoLimit: number | null };

/**
 * Who is searching, as the SQL needs it. `manager` sees every row and field; others see what
 * `postRule` lets them read (API-CONTRACT 8.5), and locations of surveys that hide them only to
 * `locationPrecision` decimals.
 */
export type PostViewer = {
  manager: boolean;
  userId: number | null;
  role: string | null;
  locationPrecision: number;
  /**
   * Every point the viewer may see is shown where it is stored (managers; others when no survey
   * hides a location field or rounds locations; see `pointFieldsHidden`). Spatial filters then
   * test the post's own `places`; otherwise each point the viewer sees, through `post_points`.
   */
  exactPlaces?: boolean;
};

/**
 * The viewer as the filters see it: `publishedOnly` when every row the search can return is
 * published (always for anonymous callers), so conditions on a post's own status can go.
 */
export type ScopedViewer = PostViewer & { publishedOnly: boolean };

export function scopedViewer(viewer: PostViewer, search: PostSearch): ScopedViewer {
  const statuses = viewer.userId === null ? ['published'] : search.status;
  return { ...viewer, publishedOnly: statuses !== 'all' && statuses.length > 0 && statuses.every((s) => s === 'published') };
}

/** Whether spatial filters may test the viewer's search on the posts' own `places` (see `exactPlaces`). */
export const seesPlacesAsStored = (viewer: PostViewer): boolean => viewer.manager || viewer.exactPlaces === true;
