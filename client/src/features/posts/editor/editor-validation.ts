import { checkPostValue, PostContentField, PostTitleField, PostValueMessages, type Attribute } from '@platform/shared';
import { entryValue, fieldKind, fieldName, presentEntries, type EditorModel, type EditorState, type PointEntry } from './post-form';

/** Form paths (`title`, `values.f12`, `values.f12.0.lat` ...) with the message to show. */
export type EditorProblems = Record<string, string>;

const M = PostValueMessages;
const isBlank = (text: string) => text.trim() === '';

/** Lat and lon are checked separately so the message sits under the box that is wrong. */
function checkPoint(field: Attribute, point: PointEntry, path: string, problems: EditorProblems) {
  const lat = Number(point.lat);
  const lon = Number(point.lon);
  if (isBlank(point.lat) || !Number.isFinite(lat) || lat < -90 || lat > 90) problems[`${path}.lat`] = M.lat(field.label);
  if (isBlank(point.lon) || !Number.isFinite(lon) || lon < -180 || lon > 180) problems[`${path}.lon`] = M.lon(field.label);
}

/** Which tasks' required fields must be filled: the post task always, others once marked completed. */
function requiredStageLabel(model: EditorModel, state: EditorState, field: Attribute): { required: boolean; task: string | null } {
  const stage = model.stages.find((s) => s.id === field.form_stage_id);
  if (!stage || stage.type === 'post') return { required: field.required, task: null };
  return { required: field.required && state.completed_stages.includes(stage.id), task: stage.label };
}

/**
 * The client-side checks of spec 2 section 5 with the server's own messages (shared schemas and
 * PostValueMessages), so a message reads the same whichever side finds the problem.
 */
export function validateEditor(model: EditorModel, state: EditorState, now: Date = new Date()): EditorProblems {
  const problems: EditorProblems = {};
  const title = PostTitleField.safeParse(state.title);
  if (!title.success) problems.title = title.error.issues[0]?.message ?? '';
  const content = PostContentField.safeParse(state.content);
  if (!content.success) problems.content = content.error.issues[0]?.message ?? '';

  for (const field of model.fields) {
    const kind = fieldKind(field);
    const base = `values.${fieldName(field)}`;
    const entries = state.values[fieldName(field)] ?? [];
    const present = presentEntries(kind, entries);
    const { required, task } = requiredStageLabel(model, state, field);
    if (required && present.length === 0) {
      problems[base] = task ? M.requiredForStage(field.label, task) : M.required(field.label);
      continue;
    }
    if (field.cardinality > 0 && present.length > field.cardinality) {
      problems[base] = M.tooMany(field.label, field.cardinality);
      continue;
    }
    entries.forEach((entry, index) => {
      if (!present.includes(entry)) return;
      const path = kind === 'checkbox' || kind === 'tags' ? base : `${base}.${index}`;
      if (kind === 'location') return checkPoint(field, entry as PointEntry, path, problems);
      if (kind === 'upload' || kind === 'relation') return;
      const result = checkPostValue(field, entryValue(kind, entry), now);
      if (!result.ok) problems[path] ??= result.message;
    });
  }
  return problems;
}
