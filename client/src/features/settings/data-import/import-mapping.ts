/** What the mapping of step 2 needs to know of a survey field (`GET /forms/{id}/attributes`). */
export type ImportField = { key: string; label: string; type: string; required: boolean };

/** A target a column can be mapped to, with the field it fills. */
export type TargetOption = { value: string; label: string; fieldKey: string; part?: 'lat' | 'lon' };

/** The status of every imported post: one for all, or read from a column (spec 3 section 4). */
export type StatusChoice = { mode: 'all'; status: 'published' | 'draft' | 'archived' } | { mode: 'column'; column: number | null };

export const IMPORT_STATUSES = ['published', 'draft', 'archived'] as const;

/** A reason step 1 or 2 cannot go on (spec 3 section 5), worded by the screen. */
export type ImportProblem =
  | { code: 'file_missing' }
  | { code: 'form_missing' }
  | { code: 'file_too_large' }
  | { code: 'empty_mapping_empty' }
  | { code: 'no_mappings' }
  | { code: 'duplicate_fields'; fields: string[] }
  | { code: 'required_fields'; fields: string[] }
  | { code: 'status_column_missing' }
  | { code: 'server'; messages: string[] };

/** The built-in title and description fields stand for the post's own title and content (API-CONTRACT 7). */
const BUILT_IN: Record<string, 'title' | 'content'> = { title: 'title', description: 'content' };

/**
 * The targets of a survey: title and content always (spec 3 section 5), every other field once,
 * a location as two targets (latitude and longitude columns).
 */
export function targetOptions(fields: ImportField[], words: { title: string; content: string; lat: string; lon: string }): TargetOption[] {
  const titleLabel = fields.find((f) => f.type === 'title')?.label ?? words.title;
  const contentLabel = fields.find((f) => f.type === 'description')?.label ?? words.content;
  const options: TargetOption[] = [
    { value: 'title', label: titleLabel, fieldKey: 'title' },
    { value: 'content', label: contentLabel, fieldKey: 'content' },
  ];
  for (const field of fields) {
    if (BUILT_IN[field.type]) continue;
    if (field.type === 'point') {
      options.push({ value: `${field.key}.lat`, label: `${field.label} (${words.lat})`, fieldKey: field.key, part: 'lat' });
      options.push({ value: `${field.key}.lon`, label: `${field.label} (${words.lon})`, fieldKey: field.key, part: 'lon' });
    } else options.push({ value: field.key, label: field.label, fieldKey: field.key });
  }
  return options;
}

/** The fields that must be mapped: title, content and every required field (a location needs both halves). */
function requiredTargets(fields: ImportField[], options: TargetOption[]): Array<{ label: string; values: string[] }> {
  const required = [
    { label: options[0]!.label, values: ['title'] },
    { label: options[1]!.label, values: ['content'] },
  ];
  for (const field of fields) {
    if (!field.required || BUILT_IN[field.type]) continue;
    required.push({ label: field.label, values: field.type === 'point' ? [`${field.key}.lat`, `${field.key}.lon`] : [field.key] });
  }
  return required;
}

/** The checks of step 2, in the order the legacy client made them (spec 3 section 5). */
export function mappingProblems(
  mapping: Array<string | null>,
  status: StatusChoice,
  fields: ImportField[],
  options: TargetOption[],
): ImportProblem[] {
  const used = mapping.filter((t): t is string => t !== null && t !== '');
  if (used.length === 0) return [{ code: 'no_mappings' }];
  const problems: ImportProblem[] = [];
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;
  const duplicates = [...new Set(used.filter((t, i) => used.indexOf(t) !== i))];
  if (duplicates.length > 0) problems.push({ code: 'duplicate_fields', fields: duplicates.map(labelOf) });
  const missing = requiredTargets(fields, options).filter((r) => r.values.some((v) => !used.includes(v)));
  if (missing.length > 0) problems.push({ code: 'required_fields', fields: missing.map((m) => m.label) });
  if (status.mode === 'column' && (status.column === null || mapping[status.column])) problems.push({ code: 'status_column_missing' });
  return problems;
}

/** The body of `PUT /csv/{id}`: the status column (when chosen) is mapped to `status`. */
export function mappingBody(mapping: Array<string | null>, status: StatusChoice, formId: number) {
  const maps_to = mapping.map((t, column) => (status.mode === 'column' && status.column === column ? 'status' : t || null));
  return { maps_to, fixed: status.mode === 'all' ? { form: formId, status: status.status } : { form: formId } };
}
