import type { HxlHeadingEntry } from '@platform/shared';

/** What the columns need of a survey field. */
export type ExportAttribute = { id: number; key: string; label: string; type: string };

/** A post as the exporter may see it: its own columns and the `values` they may read. */
export type ExportPost = {
  id: number;
  survey: string;
  status: string;
  created: string;
  updated: string;
  postDate: string;
  title: string;
  content: string;
  values: Record<string, unknown[]>;
};

type Column = { label: string; hxl: string; cell: (post: ExportPost) => string };

/** Field types shown by the post's own Title and Description columns. */
const OWN_COLUMN_TYPES = new Set(['title', 'description']);

const FIXED: Column[] = [
  { label: 'Post ID', hxl: '', cell: (p) => String(p.id) },
  { label: 'Survey', hxl: '', cell: (p) => p.survey },
  { label: 'Post Status', hxl: '', cell: (p) => p.status },
  { label: 'Created (UTC)', hxl: '', cell: (p) => p.created },
  { label: 'Updated (UTC)', hxl: '', cell: (p) => p.updated },
  { label: 'Post Date (UTC)', hxl: '', cell: (p) => p.postDate },
  { label: 'Title', hxl: '', cell: (p) => p.title },
  { label: 'Description', hxl: '', cell: (p) => p.content },
];

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A point's half, when the value is a point. */
const coordinate = (value: unknown, half: 'lat' | 'lon'): string => {
  const n = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[half] : undefined;
  return typeof n === 'number' ? String(n) : '';
};

/** Several values joined with ", " (none and one, the usual cases, without an array). */
const joined = (values: unknown[], show: (value: unknown) => string): string =>
  values.length === 0 ? '' : values.length === 1 ? show(values[0]) : values.map(show).join(', ');

/** `#adm1+name`, and `+lat` / `+lon` on a point's two columns. */
const hashtag = (entry: HxlHeadingEntry | undefined, extra?: string) =>
  entry ? [entry.tag, ...entry.attributes, ...(extra ? [extra] : [])].join('') : '';

/**
 * The export's columns: the post's own (API-CONTRACT 14.5), then one per selected field in survey
 * order (two for a point field: lat and lon). Several values are joined with ", "; categories
 * show their names.
 */
export function exportColumns(
  attributes: ExportAttribute[],
  options: { fields: string[] | null; hxl: HxlHeadingEntry[] | null; tagNames: Map<number, string> },
): Column[] {
  const wanted = options.fields ? new Set(options.fields) : null;
  const hxlOf = new Map((options.hxl ?? []).map((entry) => [entry.form_attribute_id, entry]));
  const columns = [...FIXED];
  for (const attribute of attributes) {
    if (OWN_COLUMN_TYPES.has(attribute.type) || (wanted && !wanted.has(attribute.key))) continue;
    const entry = hxlOf.get(attribute.id);
    const values = (p: ExportPost) => p.values[attribute.key] ?? [];
    if (attribute.type === 'point') {
      for (const half of ['lat', 'lon'] as const)
        columns.push({
          label: `${attribute.label}.${half}`,
          hxl: hashtag(entry, `+${half}`),
          cell: (p) => joined(values(p), (v) => coordinate(v, half)),
        });
      continue;
    }
    const show = attribute.type === 'tags' ? (v: unknown) => options.tagNames.get(Number(v)) ?? text(v) : text;
    columns.push({ label: attribute.label, hxl: hashtag(entry), cell: (p) => joined(values(p), show) });
  }
  return columns;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Cells a spreadsheet would run as a formula are written as text (OWASP CSV injection). A plain
 * number keeps its sign: a southern latitude is not a formula.
 */
export function csvCell(value: string): string {
  if (value === '') return value;
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A line of `cell` of each column, built into one string (a million rows: no array of cells each). */
function csvLine(columns: Column[], cell: (column: Column) => string): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) line += (i === 0 ? '' : ',') + csvCell(cell(columns[i]!));
  return `${line}\r\n`;
}

/** The header of labels, and the HXL hashtag row under it when asked for. */
export function csvHead(columns: Column[], withHxl: boolean): string {
  return `\uFEFF${csvLine(columns, (c) => c.label)}${withHxl ? csvLine(columns, (c) => c.hxl) : ''}`;
}

export const csvRow = (columns: Column[], post: ExportPost): string => csvLine(columns, (c) => c.cell(post));

/** One GeoJSON feature: the post's points (none, one or several) and its columns as properties. */
export function geoJsonFeature(columns: Column[], post: ExportPost, pointKeys: string[]): string {
  const points = pointKeys.flatMap((key) =>
    (post.values[key] ?? []).flatMap((v) => {
      const p = v as { lat?: unknown; lon?: unknown } | null;
      return p && typeof p.lat === 'number' && typeof p.lon === 'number' ? [[p.lon, p.lat]] : [];
    }),
  );
  const geometry =
    points.length === 0
      ? null
      : points.length === 1
        ? { type: 'Point', coordinates: points[0] }
        : { type: 'MultiPoint', coordinates: points };
  const properties: Record<string, string> = {};
  for (const column of columns) properties[column.label] = column.cell(post);
  return JSON.stringify({ type: 'Feature', id: post.id, geometry, properties });
}

export const GEOJSON_HEAD = '{"type":"FeatureCollection","features":[\n';
export const GEOJSON_TAIL = '\n]}\n';
