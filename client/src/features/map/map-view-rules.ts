import { MAP_FIT_MAX_ZOOM } from '@platform/shared';

/** The posts map's zoom rules (spec 2 sections 2 and 9). */
export const POSTS_MAP_ZOOM = { min: 7, max: 18, default: 7, fitMax: MAP_FIT_MAX_ZOOM } as const;

/**
 * The lowest zoom the posts map allows: the spec's 7, unless the administrator's default view
 * opens wider (config zoom may be 0..18, spec 3), which must stay reachable.
 */
export const minZoomFor = (defaultZoom: number): number => Math.min(POSTS_MAP_ZOOM.min, Math.floor(defaultZoom));

/** Milliseconds the map waits after the last move before asking for clusters. */
export const MOVE_DEBOUNCE_MS = 250;
