import { BUILT_IN_TYPES, checkFieldValues, PostValueMessages, type PointValue } from '@platform/shared';
import type { Trx } from '../../db/database';
import type { FieldError } from '../../http/errors';
import type { PostAttribute, PostFormContext } from './post-forms.repository';
import { mediaOwnership, type MediaLink } from './post-media.repository';
import { existingTagIds, postForms } from './post-references.repository';
import type { PointRow, TagLink } from './posts.repository';

const M = PostValueMessages;
const POINTER = '/values';

export type PostValues = Record<string, unknown[]>;

export type ValuesInput = {
  /** The `values` of the request; undefined keeps the stored ones. */
  raw: Record<string, unknown> | undefined;
  stored: PostValues;
  context: PostFormContext | null;
  /** Fields the caller may write; values of the others keep what is stored (they never saw them). */
  writable: (attribute: PostAttribute) => boolean;
  completedStages: number[];
  checkRequired: boolean;
  now: Date;
  /** The post written (null on create): media it already holds stay allowed. */
  postId: number | null;
  /** Who writes, for the media they may put in the post. */
  writer: MediaWriter;
};

/** Managers may put any media in a post; others their own uploads, or an anonymous upload no post holds yet. */
export type MediaWriter = { userId: number | null; managesPosts: boolean };

export type ValuesResult = { fields: FieldError[]; values: PostValues; points: PointRow[]; tagLinks: TagLink[]; mediaLinks: MediaLink[] };

const isPoint = (value: unknown): value is PointValue =>
  typeof value === 'object' && value !== null && Number.isFinite((value as PointValue).lat) && Number.isFinite((value as PointValue).lon);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Keys that are post columns, never values (API-CONTRACT 8.3). */
const COLUMN_KEYS = new Set(['title', 'description']);

/** Related surveys a relation field accepts (`config.input.form`); empty means any. */
function allowedForms(attribute: PostAttribute): number[] {
  const input = attribute.config.input;
  const raw = typeof input === 'object' && input !== null ? (input as { form?: unknown }).form : undefined;
  return (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw])
    .map((v) => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Applies the request to the stored values: checked, shaped, empty entries and keys dropped. */
function merge(input: ValuesInput, byKey: Map<string, PostAttribute>, fields: FieldError[]): PostValues {
  if (input.raw === undefined) return input.stored;
  const values: PostValues = {};
  for (const [key, raw] of Object.entries(input.raw)) {
    if (COLUMN_KEYS.has(key)) continue;
    const attribute = byKey.get(key);
    if (!attribute) {
      fields.push({ pointer: POINTER, message: M.unknownKey(key) });
      continue;
    }
    if (BUILT_IN_TYPES.includes(attribute.type) || !input.writable(attribute)) continue;
    const result = checkFieldValues(attribute, raw, input.now);
    if (!result.ok) fields.push({ pointer: POINTER, message: result.message });
    else if (result.values.length > 0) values[key] = result.values;
  }
  for (const attribute of byKey.values()) {
    const kept = input.stored[attribute.key];
    if (!input.writable(attribute) && kept !== undefined) values[attribute.key] = kept;
  }
  return values;
}

/**
 * Whether a post may take a media it does not hold yet: the id is sequential, so without this a
 * member could show another user's photo, a draft's one included, in their own published post.
 * Anonymous uploads have no owner; the legacy client uploads and then creates the post, so one is
 * taken by the first post that names it.
 */
const mayTakeMedia = (writer: MediaWriter, media: { userId: number | null; heldElsewhere: boolean }): boolean =>
  writer.managesPosts || (media.userId === null ? !media.heldElsewhere : media.userId === writer.userId);

/** Media, related posts and categories must exist; relations may be limited to some surveys. */
async function referenceProblems(trx: Trx, input: ValuesInput, values: PostValues, attributes: PostAttribute[]): Promise<FieldError[]> {
  const of = (type: string) => attributes.filter((a) => a.type === type && values[a.key]);
  const ids = (list: PostAttribute[]) => list.flatMap((a) => values[a.key] as number[]);
  const [media, tags, posts] = await Promise.all([
    mediaOwnership(trx, ids(of('media')), input.postId),
    existingTagIds(trx, ids(of('tags'))),
    postForms(trx, ids(of('relation'))),
  ]);
  const held = new Set(attributes.filter((a) => a.type === 'media').flatMap((a) => input.stored[a.key] ?? []));
  const fields: FieldError[] = [];
  const push = (message: string) => fields.push({ pointer: POINTER, message });
  for (const a of of('media')) {
    for (const id of values[a.key] as number[]) {
      const found = media.get(id);
      if (!found) push(M.mediaMissing(a.label, id));
      else if (!held.has(id) && !mayTakeMedia(input.writer, found)) push(M.mediaNotYours(a.label, id));
    }
  }
  for (const a of of('tags')) for (const id of values[a.key] as number[]) if (!tags.has(id)) push(M.tagMissing(a.label, id));
  for (const a of of('relation')) {
    const forms = allowedForms(a);
    for (const id of values[a.key] as number[]) {
      if (!posts.has(id)) push(M.postMissing(a.label, id));
      else if (forms.length > 0 && !forms.includes(posts.get(id) ?? -1)) push(M.postWrongForm(a.label, id));
    }
  }
  return fields;
}

/** Required fields of the post task, and of every task marked completed (API-CONTRACT 8.3). */
function requiredProblems(input: ValuesInput, values: PostValues, attributes: PostAttribute[]): FieldError[] {
  const fields: FieldError[] = [];
  for (const a of attributes) {
    if (!a.required || BUILT_IN_TYPES.includes(a.type) || !input.writable(a) || (values[a.key]?.length ?? 0) > 0) continue;
    if (a.stage.type === 'post') fields.push({ pointer: POINTER, message: M.required(a.label) });
    else if (input.completedStages.includes(a.stage.id))
      fields.push({ pointer: POINTER, message: M.requiredForStage(a.label, a.stage.label) });
  }
  return fields;
}

/**
 * Checks and shapes a post's values against its survey's fields; also derives the indexed copies
 * (points, categories). All value errors share the pointer `/values` (API-CONTRACT 2.1).
 */
export async function checkValues(trx: Trx, input: ValuesInput): Promise<ValuesResult> {
  const attributes = input.context?.attributes ?? [];
  const byKey = new Map(attributes.map((a) => [a.key, a]));
  const fields: FieldError[] = [];
  const values = merge(input, byKey, fields);
  if (fields.length === 0 && input.raw !== undefined) fields.push(...(await referenceProblems(trx, input, values, attributes)));
  if (fields.length === 0 && input.checkRequired) fields.push(...requiredProblems(input, values, attributes));

  // Values kept from before a field changed type may not have the shape of its new type: they stay
  // stored, but only values of the field's shape become places and categories.
  const points: PointRow[] = [];
  const tagLinks: TagLink[] = [];
  const mediaLinks: MediaLink[] = [];
  for (const a of attributes) {
    const list = values[a.key] ?? [];
    if (a.type === 'point')
      list.forEach((p, ordinal) => isPoint(p) && points.push({ attributeId: a.id, key: a.key, ordinal, lat: p.lat, lon: p.lon }));
    if (a.type === 'tags') for (const id of list) if (isId(id)) tagLinks.push({ tagId: id, attributeId: a.id });
    if (a.type === 'media') for (const id of list) if (isId(id)) mediaLinks.push({ mediaId: id, attributeId: a.id });
  }
  return { fields, values, points, tagLinks, mediaLinks };
}
