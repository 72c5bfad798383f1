import { CsvMessages, type CsvMappingBody } from '@platform/shared';
import type { FieldError } from '../../http/errors';

/** What a mapping needs to know of a survey field. */
export type MappedAttribute = { key: string; label: string; type: string };

type Target =
  | { kind: 'post'; field: 'title' | 'content' | 'status' | 'post_date' }
  | { kind: 'point'; key: string; part: 'lat' | 'lon' }
  | { kind: 'value'; key: string; position: number };

const POST_FIELDS = new Set(['title', 'content', 'status', 'post_date']);
/** Survey fields that stand for a post column (API-CONTRACT 7: the built-in title and description). */
const BUILT_IN: Record<string, 'title' | 'content'> = { title: 'title', description: 'content' };

/**
 * `maps_to` as one target (or null) per column, whichever shape it came in; `values.<key>` (the
 * spec's post_key) is the same target as `<key>`.
 */
export function normalizeMapsTo(raw: CsvMappingBody['maps_to'], columnCount: number): Array<string | null> | FieldError {
  const targets: Array<string | null> = new Array<string | null>(columnCount).fill(null);
  const entries: Array<[string, string | null]> = Array.isArray(raw) ? raw.map((t, i) => [String(i), t]) : Object.entries(raw);
  for (const [index, target] of entries) {
    const column = /^\d{1,6}$/.test(index) ? Number(index) : -1;
    if (column < 0 || column >= columnCount) {
      if (target === null) continue;
      return { pointer: '/maps_to', message: CsvMessages.columnOutOfRange(index) };
    }
    targets[column] = target === null ? null : target.replace(/^values\./, '');
  }
  return targets;
}

function parseTarget(target: string, byKey: Map<string, MappedAttribute>): Target | null {
  const attribute = byKey.get(target);
  if (attribute && BUILT_IN[attribute.type]) return { kind: 'post', field: BUILT_IN[attribute.type]! };
  if (POST_FIELDS.has(target)) return { kind: 'post', field: target as 'title' };
  if (attribute) return attribute.type === 'point' ? null : { kind: 'value', key: target, position: 0 };
  const point = /^(.+)\.(lat|lon)$/.exec(target);
  if (point && byKey.get(point[1]!)?.type === 'point') return { kind: 'point', key: point[1]!, part: point[2] as 'lat' | 'lon' };
  const multi = /^(.+)\.(\d{1,4})$/.exec(target);
  const multiAttribute = multi ? byKey.get(multi[1]!) : undefined;
  if (multi && multiAttribute && multiAttribute.type !== 'point') return { kind: 'value', key: multi[1]!, position: Number(multi[2]) };
  return null;
}

/** The rules of a mapping (spec 3 section 5): something mapped, no field twice, every target real. */
export function checkMapping(targets: Array<string | null>, attributes: MappedAttribute[]): FieldError[] {
  const byKey = new Map(attributes.map((a) => [a.key, a]));
  const used = targets.filter((t): t is string => t !== null);
  if (used.length === 0) return [{ pointer: '/maps_to', message: CsvMessages.noMappings }];
  const problems: FieldError[] = [];
  const parsed = used.map((t) => [t, parseTarget(t, byKey)] as const);
  for (const [target, result] of parsed) {
    if (result) continue;
    const pointKey = byKey.get(target)?.type === 'point' ? target : null;
    problems.push({ pointer: '/maps_to', message: pointKey ? CsvMessages.pointHalf(pointKey) : CsvMessages.unknownTarget(target) });
  }
  const canonical = parsed.map(([target, result]) => (result?.kind === 'post' ? result.field : target));
  const duplicates = [...new Set(canonical.filter((t, i) => canonical.indexOf(t) !== i))];
  if (duplicates.length > 0) problems.push({ pointer: '/maps_to', message: CsvMessages.duplicateTargets(duplicates) });
  const points = new Map<string, Set<string>>();
  for (const [, result] of parsed)
    if (result?.kind === 'point') points.set(result.key, (points.get(result.key) ?? new Set()).add(result.part));
  for (const [key, parts] of points) if (parts.size < 2) problems.push({ pointer: '/maps_to', message: CsvMessages.pointHalf(key) });
  return problems;
}

export type RowMapper = {
  /** The body of `POST /posts` that this row stands for. */
  toBody: (cells: string[]) => Record<string, unknown>;
  /** The column a post validation error is about, when one can be told. */
  columnOf: (error: FieldError) => string | null;
};

/** Rows without a status, or `under review`, become drafts (API-CONTRACT 14.4). */
function statusOf(text: string | undefined): string {
  const status = (text ?? '').trim().toLowerCase();
  return status === '' || status === 'under review' ? 'draft' : status;
}

/** Builds the post body of each row from a checked mapping and the import's fixed fields. */
export function createRowMapper(
  columns: string[],
  targets: Array<string | null>,
  attributes: MappedAttribute[],
  fixed: { form: number; status?: string | null; tags?: number[] | null; published_to?: string[] | null },
): RowMapper {
  const byKey = new Map(attributes.map((a) => [a.key, a]));
  const mapped = targets.flatMap((target, column) => {
    const parsed = target === null ? null : parseTarget(target, byKey);
    return parsed ? [{ column, target: parsed }] : [];
  });
  const postColumn = (field: string) => mapped.find((m) => m.target.kind === 'post' && m.target.field === field)?.column;

  return {
    toBody(cells) {
      const cell = (column: number) => (cells[column] ?? '').trim();
      const body: Record<string, unknown> = { form_id: fixed.form, values: {} };
      const values = body.values as Record<string, unknown[]>;
      const points = new Map<string, { lat?: string; lon?: string }>();
      for (const { column, target } of mapped) {
        const text = cell(column);
        if (target.kind === 'post') {
          if (target.field !== 'status' && text !== '') body[target.field] = text;
        } else if (target.kind === 'point') {
          if (text !== '') points.set(target.key, { ...points.get(target.key), [target.part]: text });
        } else if (text !== '') {
          (values[target.key] ??= [])[target.position] = text;
        }
      }
      for (const [key, list] of Object.entries(values)) values[key] = list.filter((v) => v !== undefined);
      for (const [key, point] of points) values[key] = [point];
      const statusColumn = postColumn('status');
      body.status = statusOf(statusColumn === undefined ? (fixed.status ?? undefined) : cell(statusColumn));
      if (fixed.tags?.length) body.tags = fixed.tags;
      if (fixed.published_to?.length) body.published_to = fixed.published_to;
      return body;
    },
    columnOf({ pointer, message }) {
      const field = pointer.slice(1);
      if (POST_FIELDS.has(field)) {
        const column = postColumn(field);
        return column === undefined ? null : (columns[column] ?? null);
      }
      if (field !== 'values') return null;
      // Value errors share `/values` (API-CONTRACT 2.1); the message names the field by its label.
      const about = mapped.filter((m) => m.target.kind !== 'post' && message.includes(byKey.get(m.target.key)?.label ?? '\u0000'));
      const part = /longitude/i.test(message) ? 'lon' : 'lat';
      const best = about.find((m) => m.target.kind !== 'point' || m.target.part === part) ?? about[0];
      return best ? (columns[best.column] ?? null) : null;
    },
  };
}
