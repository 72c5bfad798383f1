import type { Attribute, Post, Stage } from '@platform/shared';

/** How a field's values are shown in the post detail. */
export type ValueKind = 'text' | 'markdown' | 'date' | 'number' | 'point' | 'tags' | 'media' | 'relation' | 'video' | 'link';

/** Title and description are the post's own title and content, never listed as values. */
const OWN_FIELDS = ['title', 'description'];

export function valueKind(attribute: Pick<Attribute, 'type' | 'input'>): ValueKind {
  if (attribute.input === 'video') return 'video';
  switch (attribute.type) {
    case 'datetime':
      return 'date';
    case 'int':
    case 'decimal':
      return 'number';
    case 'point':
      return 'point';
    case 'tags':
    case 'media':
    case 'relation':
    case 'markdown':
    case 'link':
      return attribute.type;
    default:
      return attribute.input === 'markdown' ? 'markdown' : 'text';
  }
}

export type FieldEntry = { attribute: Attribute; values: unknown[] };

/** The fields of one task that have values, in the survey's order. */
export function stageEntries(post: Pick<Post, 'values'>, attributes: readonly Attribute[], stageId: number): FieldEntry[] {
  return attributes
    .filter((a) => a.form_stage_id === stageId && !OWN_FIELDS.includes(a.type))
    .sort((a, b) => a.priority - b.priority)
    .map((attribute) => ({ attribute, values: (post.values[attribute.key] ?? []).filter((v) => v !== null && v !== '') }))
    .filter((entry) => entry.values.length > 0);
}

/** Stored dates are `YYYY-MM-DD HH:MM:SS` in UTC (API-CONTRACT 8.2); ISO strings are read too. */
export function parseStoredDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const stored = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/.exec(text);
  const date = new Date(stored ? `${stored[1]}T${stored[2]}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One value as text: dates in the reader's language (a date input shows the day only, read in UTC
 * so that it never moves to the day before), numbers with grouping, points as "lat, lon".
 */
export function formatValue(attribute: Pick<Attribute, 'type' | 'input'>, value: unknown, locale: string): string {
  switch (valueKind(attribute)) {
    case 'date': {
      const date = parseStoredDate(value);
      if (!date) return String(value);
      if (attribute.input === 'date') return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
      if (attribute.input === 'time') return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
    }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 10 }).format(n) : String(value);
    }
    case 'point': {
      const point = asPoint(value);
      if (!point) return '';
      const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
      return `${f.format(point.lat)}, ${f.format(point.lon)}`;
    }
    default:
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function asPoint(value: unknown): { lat: number; lon: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  const la = Number(lat);
  const lo = Number(lon);
  return Number.isFinite(la) && Number.isFinite(lo) ? { lat: la, lon: lo } : null;
}

/** A related post, media or category id as a number (values may come back as strings). */
export function asId(value: unknown): number | null {
  const raw = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Only http(s) links are made clickable: a `javascript:` value stays text. */
export const safeHref = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;

/** Required tasks that are not completed: each blocks publishing (spec 2 section 4). */
export function incompleteRequiredStages(post: Pick<Post, 'completed_stages'>, stages: readonly Stage[]): Stage[] {
  return stages.filter((s) => s.type === 'task' && s.required && !post.completed_stages.includes(s.id));
}

/** The first media field of the survey that holds a value: the card's preview image (spec 2 screen 2). */
export function previewMediaId(post: Pick<Post, 'values'>, attributes: readonly Attribute[]): number | null {
  const media = attributes.filter((a) => a.type === 'media').sort((a, b) => a.priority - b.priority);
  for (const attribute of media) {
    const id = asId(post.values[attribute.key]?.[0]);
    if (id !== null) return id;
  }
  return null;
}
