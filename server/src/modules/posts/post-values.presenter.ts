import type { PointValue } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { isStageVisible } from '../../auth/policy/forms.policy';
import { canManagePosts, isPostOwner, seesHiddenDetails } from '../../auth/policy/posts.policy';
import type { PostAttribute, PostFormContext } from './post-forms.repository';

type PostState = { user_id: number | null; status: string };

/**
 * Whose eyes a field's values reach: managers see every field; others only fields of tasks shown
 * for the post's status (internal tasks stay with managers, API-CONTRACT 7.2, 8.2), and private
 * responses only on their own posts (they wrote them, and they may edit them: our reading of
 * "seen by those who can edit responses", spec 2 section 6).
 */
export const attributeVisible = (auth: Auth, post: PostState, attribute: PostAttribute): boolean =>
  canManagePosts(auth) || (isStageVisible(attribute.stage, post.status) && (!attribute.response_private || isPostOwner(auth, post)));

/**
 * Which fields a request may write: the ones the caller can see on the post. Values of the others
 * are kept as stored, so saving what one was shown never wipes what one was not shown.
 */
export const attributeWritable = (auth: Auth, post: PostState, attribute: PostAttribute): boolean =>
  canManagePosts(auth) || isStageVisible(attribute.stage, post.status);

export type ValueViewOptions = {
  /** `include_types` / `include_attributes` of the list: restrict which values are returned. */
  includeTypes?: string[];
  includeAttributes?: string[];
  /** `map.location_precision`: decimals kept of points in surveys that hide locations. */
  locationPrecision: number;
};

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

export function roundPoint(point: PointValue, decimals: number): PointValue {
  return { lat: round(point.lat, decimals), lon: round(point.lon, decimals) };
}

/** `2016-05-31 10:20:30` -> `2016-05-31 00:00:00`. */
const dateOnly = (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 10)} 00:00:00` : value);

/**
 * The `values` object a caller sees (API-CONTRACT 8.2): keyed by field key, arrays always, fields
 * of hidden tasks and private responses left out, locations rounded and times zeroed where the
 * survey hides them from this caller. Keys of fields that no longer exist are left out.
 */
export function presentValues(
  auth: Auth,
  post: PostState & { values: Record<string, unknown[]> },
  context: PostFormContext | null,
  options: ValueViewOptions,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  if (!context) return out;
  const exact = seesHiddenDetails(auth, post);
  const hideLocation = context.form.hide_location && !exact;
  const hideTime = context.form.hide_time && !exact;
  for (const attribute of context.attributes) {
    const list = post.values[attribute.key];
    if (!Array.isArray(list) || list.length === 0 || !attributeVisible(auth, post, attribute)) continue;
    if (options.includeTypes?.length && !options.includeTypes.includes(attribute.type)) continue;
    if (options.includeAttributes?.length && !options.includeAttributes.includes(attribute.key)) continue;
    if (attribute.type === 'point' && hideLocation)
      out[attribute.key] = list.map((p) => roundPoint(p as PointValue, options.locationPrecision));
    else if (attribute.type === 'datetime' && hideTime) out[attribute.key] = list.map(dateOnly);
    else out[attribute.key] = list;
  }
  return out;
}

/** Categories a caller sees on a post: those of visible category fields, plus legacy ones. */
export function visibleTagIds(
  auth: Auth,
  post: PostState,
  context: PostFormContext | null,
  links: Array<{ tagId: number; attributeId: number | null }>,
): number[] {
  const attributes = new Map((context?.attributes ?? []).map((a) => [a.id, a]));
  const ids = links
    .filter((l) => {
      if (l.attributeId === null) return true;
      const attribute = attributes.get(l.attributeId);
      return attribute !== undefined && attributeVisible(auth, post, attribute);
    })
    .map((l) => l.tagId);
  return [...new Set(ids)].sort((a, b) => a - b);
}
