import { fieldKind, fieldName, presentEntries, type EditorModel, type EditorState } from './post-form';

/**
 * What the editor keeps when the session changes under it (a log in or out from the header): the
 * survey is loaded again under the new session, which may show more fields (an internal task) or
 * fewer. What was typed stays wherever the new session still has the field; a field only the new
 * session sees starts as `fresh` has it (its default, or the stored value); a field the new session
 * may not see goes, and its label is returned when something had been typed into it, so the user
 * is told rather than losing it silently.
 */
export function carryOver(
  typed: EditorState,
  fresh: EditorState,
  previous: EditorModel,
  next: EditorModel,
): { state: EditorState; dropped: string[] } {
  const before = new Set(previous.fields.map(fieldName));
  const after = new Set(next.fields.map(fieldName));
  const values: EditorState['values'] = {};
  for (const field of next.fields) {
    const name = fieldName(field);
    const kept = before.has(name) ? typed.values[name] : undefined;
    values[name] = kept ?? fresh.values[name] ?? [];
  }
  const dropped = previous.fields
    .filter((field) => !after.has(fieldName(field)))
    .filter((field) => presentEntries(fieldKind(field), typed.values[fieldName(field)] ?? []).length > 0)
    .map((field) => field.label);
  const stages = new Set(next.stages.map((s) => s.id));
  return {
    state: { ...typed, values, completed_stages: typed.completed_stages.filter((id) => stages.has(id)) },
    dropped,
  };
}
