import { isDbId } from './common';
import { formatDateTime, parseDateInput } from './post-dates';

/** Scalars of short-text fields (varchar, title) are at most this long (API-CONTRACT 8.3). */
export const POST_VARCHAR_MAX = 255;
/** Links are URLs; longer is never a real address. */
export const POST_LINK_MAX = 2048;

/** Longest excerpt of a bad value echoed back in a message. */
const GIVEN_MAX = 80;
const GIVEN_DEPTH = 8;
const given = (value: unknown): string => {
  const text = typeof value === 'string' ? value : excerpt(value, 0);
  return text.length > GIVEN_MAX ? `${text.slice(0, GIVEN_MAX)}...` : text;
};

/**
 * The JSON of a value read from JSON, written only as far as a message shows: a few levels deep
 * and a little past the excerpt's length. A value nested thousands deep must not exhaust the
 * stack just to be quoted (JSON.stringify would).
 */
function excerpt(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  const array = Array.isArray(value);
  if (depth >= GIVEN_DEPTH) return array ? '[...]' : '{...}';
  const parts: string[] = [];
  let length = 0;
  for (const [key, item] of Object.entries(value)) {
    if (length > GIVEN_MAX) break;
    const part = (array ? '' : `${JSON.stringify(key)}:`) + excerpt(item, depth + 1);
    parts.push(part);
    length += part.length + 1;
  }
  return array ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

/**
 * Messages for post values, in v3's words (resources/lang/en/post.php, API-CONTRACT 2.1). Every
 * value error is reported on the pointer `/values`.
 */
export const PostValueMessages = {
  valuesInvalid: 'values must be an object keyed by field key',
  notAnArray: (label: string) => `Post values for ${label} must be an array`,
  tooMany: (label: string, max: number) => `Too many values for ${label} (max: ${max})`,
  unknownKey: (key: string) => `attribute "${given(key)}" does not exist`,
  required: (label: string) => `attribute ${label} is required`,
  requiredForStage: (label: string, stage: string) => `attribute ${label} is required before stage "${stage}" can be completed`,
  date: (label: string, value: unknown) => `The field ${label} must be a date, Given: ${given(value)}`,
  digit: (label: string, value: unknown) => `The field ${label} must be a digit, Given: ${given(value)}`,
  numeric: (label: string, value: unknown) => `The field ${label} must be numeric, Given: ${given(value)}`,
  scalar: (label: string, value: unknown) => `The field ${label} must be scalar, Given: ${given(value)}`,
  maxLength: (label: string, max: number, value: unknown) =>
    `The field ${label} must not exceed ${max} characters long, Given: ${given(value)}`,
  point: (label: string) => `The field ${label} must be an array of lat and lon`,
  lat: (label: string) => `the field ${label} must contain a valid latitude`,
  lon: (label: string) => `the field ${label} must contain a valid longitude`,
  url: (label: string, value: unknown) => `The field ${label} must be a url, Given: ${given(value)}`,
  video: (label: string, value: unknown) => `The field ${label} must be either a youtube or vimeo url, Given: ${given(value)}`,
  option: (label: string, value: unknown) => `The field ${label} must be one of its options, Given: ${given(value)}`,
  id: (label: string, value: unknown) => `The field ${label} must be an id, Given: ${given(value)}`,
  postMissing: (label: string, id: number) => `The field ${label} must be a valid post id, Post id: ${id}`,
  postWrongForm: (label: string, id: number) => `The field ${label} has the wrong post type, Post id: ${id}`,
  tagMissing: (label: string, id: number) => `The field ${label} must be a valid category id or name, Category: ${id}`,
  mediaMissing: (label: string, id: number) => `The field ${label} must be a valid media id, Media id: ${id}`,
  mediaNotYours: (label: string, id: number) => `The field ${label} may only hold media you uploaded, Media id: ${id}`,
} as const;
const M = PostValueMessages;

/** What value checks need to know about a field (a subset of the attribute JSON). */
export type ValueField = {
  key: string;
  label: string;
  type: string;
  input: string;
  options: unknown[];
  cardinality: number;
  config: Record<string, unknown>;
};

export type PointValue = { lat: number; lon: number };
export type ValueResult = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): ValueResult => ({ ok: true, value });
const fail = (message: string): ValueResult => ({ ok: false, message });

/** An empty entry is dropped on save, never an error (spec 2 section 5). */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object' && !Array.isArray(value) && 'lat' in value && 'lon' in value) {
    const { lat, lon } = value as { lat: unknown; lon: unknown };
    return isEmptyValue(lat) && isEmptyValue(lon);
  }
  return false;
}

const INT = /^-?\d{1,15}$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,3})?$/;
const CHOICE_INPUTS = ['select', 'radio', 'checkbox', 'checkboxes'];

function toNumber(value: unknown, pattern: RegExp): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && pattern.test(value.trim())) return Number(value.trim());
  return null;
}

/** `5`, `"5"` or `{id: 5}` (the client sometimes sends the related object): a 32-bit id. */
export function valueId(value: unknown): number | null {
  const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : value;
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : raw;
  return isDbId(n) ? n : null;
}

const VIDEO_HOSTS = [/(^|\.)youtube\.com$/, /(^|\.)youtube-nocookie\.com$/, /^youtu\.be$/, /(^|\.)vimeo\.com$/];

/** Scheme, host and the rest of an http(s) address; shared code has no `URL` (no DOM, no node). */
const URL_PARTS =
  /^(https?):\/\/(?:[^\s/?#@]+@)?([a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+)(?::\d{1,5})?([/?#]\S*)?$/i;

function parseUrl(text: string): { host: string; rest: string } | null {
  const match = URL_PARTS.exec(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  return match ? { host: match[2]!.toLowerCase(), rest: match[3] ?? '' } : null;
}

/** A YouTube (watch, embed or short link) or Vimeo (page or player) address (spec 2 section 5). */
export function isVideoUrl(text: string): boolean {
  const url = parseUrl(text.trim());
  if (!url) return false;
  return VIDEO_HOSTS.some((re) => re.test(url.host)) && /^[/?][^/?#\s]/.test(url.rest);
}

export const isUrl = (text: string): boolean => /^https?:\/\//i.test(text.trim()) && parseUrl(text.trim()) !== null;

function scalarText(field: ValueField, value: unknown): ValueResult {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return fail(M.scalar(field.label, value));
  const text = typeof value === 'string' ? value : String(value);
  if ((field.type === 'varchar' || field.type === 'title') && text.length > POST_VARCHAR_MAX)
    return fail(M.maxLength(field.label, POST_VARCHAR_MAX, text));
  if (field.input === 'video' && !isVideoUrl(text)) return fail(M.video(field.label, text));
  if (CHOICE_INPUTS.includes(field.input) && field.options.length > 0 && !field.options.map(String).includes(text))
    return fail(M.option(field.label, text));
  return ok(text);
}

function point(field: ValueField, value: unknown): ValueResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(M.point(field.label));
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  const latitude = toNumber(lat, DECIMAL);
  const longitude = toNumber(lon, DECIMAL);
  if (latitude === null || latitude < -90 || latitude > 90) return fail(M.lat(field.label));
  if (longitude === null || longitude < -180 || longitude > 180) return fail(M.lon(field.label));
  return ok({ lat: latitude, lon: longitude } satisfies PointValue);
}

/**
 * Checks one value of a field and returns it in its stored and rendered shape (API-CONTRACT 8.2):
 * numbers for int and decimal, `YYYY-MM-DD HH:MM:SS` UTC for datetime, `{lat, lon}` for points,
 * ids for tags, media and relations, strings otherwise. Existence of ids is the server's check.
 */
export function checkPostValue(field: ValueField, value: unknown, now: Date = new Date()): ValueResult {
  switch (field.type) {
    case 'int': {
      const n = toNumber(value, INT);
      return n !== null && Number.isSafeInteger(n) ? ok(n) : fail(M.digit(field.label, value));
    }
    case 'decimal': {
      const n = toNumber(value, DECIMAL);
      return n !== null ? ok(n) : fail(M.numeric(field.label, value));
    }
    case 'datetime': {
      const date = typeof value === 'string' || typeof value === 'number' ? parseDateInput(value, now) : null;
      return date ? ok(formatDateTime(date)) : fail(M.date(field.label, value));
    }
    case 'point':
      return point(field, value);
    case 'tags':
    case 'media':
    case 'relation': {
      const id = valueId(value);
      return id !== null ? ok(id) : fail(M.id(field.label, value));
    }
    case 'link': {
      if (typeof value !== 'string') return fail(M.url(field.label, value));
      if (field.input === 'video') return isVideoUrl(value) ? ok(value.trim()) : fail(M.video(field.label, value));
      return value.length <= POST_LINK_MAX && isUrl(value) ? ok(value.trim()) : fail(M.url(field.label, value));
    }
    default:
      return scalarText(field, value);
  }
}

export type FieldValuesResult = { ok: true; values: unknown[] } | { ok: false; message: string };

/**
 * All values of one field: an array (a lone value is refused, as in v3), empty entries dropped,
 * at most `cardinality` entries (0 = unlimited), each checked by `checkPostValue`; repeated ids
 * and choices are kept once.
 */
export function checkFieldValues(field: ValueField, raw: unknown, now: Date = new Date()): FieldValuesResult {
  if (!Array.isArray(raw)) return { ok: false, message: M.notAnArray(field.label) };
  const present = raw.filter((v) => !isEmptyValue(v));
  if (field.cardinality > 0 && present.length > field.cardinality) return { ok: false, message: M.tooMany(field.label, field.cardinality) };
  // Ids and ticked choices are sets: a repeat means nothing more.
  const isSet = ['tags', 'media', 'relation'].includes(field.type) || CHOICE_INPUTS.includes(field.input);
  const values: unknown[] = [];
  for (const value of present) {
    const result = checkPostValue(field, value, now);
    if (!result.ok) return result;
    if (!isSet || !values.includes(result.value)) values.push(result.value);
  }
  return { ok: true, values };
}
