/**
 * A post's columns as the map keeps them in memory, a row per point (`map/map-points.ts`): what
 * the filters' memory forms (`filter-table.ts`) test. Times are epoch milliseconds.
 */
export type PostColumns = {
  formIds: Int32Array;
  created: Float64Array;
  postDate: Float64Array;
  updated: Float64Array;
  status: Uint8Array;
  source: Uint8Array;
};

/** `status` holds the index of the post's status here. */
export const STATUS_CODES = ['published', 'draft', 'archived'] as const;
/** Sources with a code of their own; 0 is the web (and the API, whose source is null); others share the last code. */
export const SOURCE_CODES = ['web', 'sms', 'email', 'twitter', 'whatsapp'] as const;
export const OTHER_SOURCE = SOURCE_CODES.length;
/** `updated` of a post never updated. */
export const NEVER = -1;
/** `formIds` of a post without a survey. */
export const NO_FORM = 0;
