import { isEmptyValue, type Attribute, type Form, type Post, type PostStatus, type Role, type Stage, type Tag } from '@platform/shared';

/** The input each field shows; unknown inputs of older data fall back to a text box. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'number'
  | 'date'
  | 'datetime'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'tags'
  | 'location'
  | 'upload'
  | 'video'
  | 'relation';

export type PointEntry = { lat: string; lon: string };
/** A photo: stored (`id`), or a picked `file` uploaded on save; `url` is what the preview shows. */
export type MediaEntry = { id: number | null; url: string | null; caption: string; file: File | null };
export type RelationEntry = { id: number; title: string };
export type FieldEntry = string | number | PointEntry | MediaEntry | RelationEntry;

/** Form state of the editor. Field values sit under `values.f<attribute id>` (keys may hold any character). */
export type EditorState = {
  title: string;
  content: string;
  values: Record<string, FieldEntry[]>;
  completed_stages: number[];
  status: PostStatus;
  published_to: string[];
  /** `datetime-local` text in the browser's zone. */
  post_date: string;
};

/** Everything the editor needs about the survey, loaded once when it opens. */
export type EditorModel = {
  form: Form;
  /** The post task first, then the other tasks by priority. */
  stages: Stage[];
  /** Custom fields, without the built-in title and description. */
  fields: Attribute[];
  titleField: Attribute | null;
  descriptionField: Attribute | null;
  tags: Tag[];
  roles: Role[];
};

export const fieldName = (field: Pick<Attribute, 'id'>) => `f${field.id}`;
export const valuesPath = (field: Pick<Attribute, 'id'>) => `values.${fieldName(field)}` as const;

export function fieldKind(field: Pick<Attribute, 'type' | 'input'>): FieldKind {
  if (field.type === 'tags') return 'tags';
  switch (field.input) {
    case 'textarea':
    case 'markdown':
    case 'number':
    case 'date':
    case 'datetime':
    case 'select':
    case 'radio':
    case 'location':
    case 'upload':
    case 'video':
    case 'relation':
      return field.input;
    case 'checkbox':
    case 'checkboxes':
      return 'checkbox';
    default:
      if (field.type === 'int' || field.type === 'decimal') return 'number';
      if (field.type === 'point') return 'location';
      if (field.type === 'markdown') return 'markdown';
      return 'text';
  }
}

/** Inputs whose entries are one set of choices (never "add another value"). */
export const isChoiceSet = (kind: FieldKind) => kind === 'checkbox' || kind === 'tags';
/** Inputs that hold one choice whatever the cardinality. */
export const isSingleChoice = (kind: FieldKind) => kind === 'select' || kind === 'radio';

/** Spec 2 section 5: add while below the cardinality (0 = unlimited), remove while more than one. */
export const canAddEntry = (field: Pick<Attribute, 'cardinality'>, count: number) => field.cardinality === 0 || count < field.cardinality;
export const canRemoveEntry = (count: number) => count > 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date (UTC `YYYY-MM-DD HH:MM:SS` or ISO) as `datetime-local` text in the browser's zone. */
export function toLocalInput(stored: string): string {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(stored) ? `${stored.replace(' ', 'T')}Z` : stored;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` text (browser zone) as an ISO instant; null when it is not a date. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const emptyEntry = (kind: FieldKind): FieldEntry | null => {
  switch (kind) {
    case 'checkbox':
    case 'tags':
    case 'relation':
      return null;
    case 'location':
      return { lat: '', lon: '' };
    case 'upload':
      return { id: null, url: null, caption: '', file: null };
    default:
      return '';
  }
};

/** Entries a field starts with on a new post: its default, or one empty entry to type into. */
function newEntries(field: Attribute, kind: FieldKind): FieldEntry[] {
  const fallback = field.default?.trim() ? field.default : null;
  if (kind === 'checkbox') return fallback && field.options.map(String).includes(fallback) ? [fallback] : [];
  if (kind === 'tags' || kind === 'relation') return [];
  if (fallback !== null && ['text', 'textarea', 'markdown', 'number', 'select', 'radio', 'video'].includes(kind)) return [fallback];
  const empty = emptyEntry(kind);
  return empty === null ? [] : [empty];
}

/** Resolved details of stored ids: media files and related posts' titles (loaded before the form opens). */
export type ValueDetails = {
  media: ReadonlyMap<number, { url: string; caption: string | null }>;
  posts: ReadonlyMap<number, string>;
};

export const NO_DETAILS: ValueDetails = { media: new Map(), posts: new Map() };

/** One stored value (API-CONTRACT 8.2 shapes) as the input's entry. */
function storedEntry(kind: FieldKind, value: unknown, details: ValueDetails): FieldEntry | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'location': {
      if (typeof value !== 'object') return null;
      const point = value as { lat?: unknown; lon?: unknown };
      return { lat: String(point.lat ?? ''), lon: String(point.lon ?? '') };
    }
    case 'tags':
      return Number(value);
    case 'upload': {
      const id = Number(value);
      const media = details.media.get(id);
      return { id, url: media?.url ?? null, caption: media?.caption ?? '', file: null };
    }
    case 'relation': {
      const id = Number(value);
      return { id, title: details.posts.get(id) ?? `#${id}` };
    }
    case 'date':
      return String(value).slice(0, 10);
    case 'datetime':
      return toLocalInput(String(value));
    default:
      return String(value);
  }
}

/** The form state for a new post (`post` null) or for editing one. */
export function toEditorState(model: EditorModel, post: Post | null, now: Date, details: ValueDetails = NO_DETAILS): EditorState {
  const values: Record<string, FieldEntry[]> = {};
  for (const field of model.fields) {
    const kind = fieldKind(field);
    if (!post) {
      values[fieldName(field)] = newEntries(field, kind);
      continue;
    }
    const stored = (post.values[field.key] ?? []).map((v) => storedEntry(kind, v, details)).filter((e): e is FieldEntry => e !== null);
    const empty = emptyEntry(kind);
    values[fieldName(field)] = stored.length > 0 || empty === null || isSingleChoice(kind) ? stored : [empty];
  }
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    values,
    completed_stages: post?.completed_stages ?? [],
    status: post?.status ?? (model.form.require_approval ? 'draft' : 'published'),
    published_to: post?.published_to ?? [],
    post_date: toLocalInput(post?.post_date ?? now.toISOString()),
  };
}

/** Entries left once blanks are dropped (spec 2 section 5: empty values are stripped on save). */
export function presentEntries(kind: FieldKind, entries: readonly FieldEntry[]): FieldEntry[] {
  return entries.filter((entry) => {
    if (kind === 'upload') return (entry as MediaEntry).id !== null || (entry as MediaEntry).file !== null;
    if (kind === 'relation') return true;
    return !isEmptyValue(entry);
  });
}

/**
 * One entry in the wire shape of API-CONTRACT 8.2. Photos must be uploaded first (their id set);
 * numbers and points go as numbers when they read as numbers, else as typed so the server's
 * message names the bad text.
 */
export function entryValue(kind: FieldKind, entry: FieldEntry): unknown {
  switch (kind) {
    case 'number': {
      const text = String(entry).trim();
      return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    case 'location': {
      const { lat, lon } = entry as PointEntry;
      const num = (s: string) => (s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s);
      return { lat: num(lat), lon: num(lon) };
    }
    case 'datetime':
      return fromLocalInput(String(entry)) ?? entry;
    case 'upload':
      return (entry as MediaEntry).id;
    case 'relation':
      return (entry as RelationEntry).id;
    case 'tags':
      return Number(entry);
    default:
      return typeof entry === 'string' ? entry.trim() : entry;
  }
}

/** The `values` object of a save: blanks stripped, fields without values left out (spec 2 section 5). */
export function toPostValues(model: EditorModel, state: EditorState): Record<string, unknown[]> {
  const values: Record<string, unknown[]> = {};
  for (const field of model.fields) {
    const kind = fieldKind(field);
    const entries = presentEntries(kind, state.values[fieldName(field)] ?? []);
    const wire = entries.map((e) => entryValue(kind, e)).filter((v) => v !== null && v !== undefined);
    if (wire.length > 0) values[field.key] = wire;
  }
  return values;
}

export type SaveOptions = { canChangeStatus: boolean; isNew: boolean };

/**
 * The body of `POST /posts` or `PUT /posts/{id}` (API-CONTRACT 8.3). Status, visibility and post
 * date are sent only by those allowed to change status; the server's defaults apply otherwise.
 */
export function toPostBody(model: EditorModel, state: EditorState, options: SaveOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: state.title.trim(),
    content: state.content,
    values: toPostValues(model, state),
    completed_stages: state.completed_stages.filter((id) => model.stages.some((s) => s.id === id && s.type === 'task')),
  };
  if (options.isNew) body.form_id = model.form.id;
  if (options.canChangeStatus) {
    body.status = state.status;
    body.published_to = state.published_to;
    const date = fromLocalInput(state.post_date);
    if (date) body.post_date = date;
  }
  return body;
}

/** The fields of one task, in priority order. */
export const stageFields = (model: EditorModel, stageId: number) => model.fields.filter((f) => f.form_stage_id === stageId);
