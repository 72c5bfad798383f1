import { isApiError } from '../../../api/errors';
import { valuesPath, type EditorModel } from './post-form';

const DIRECT: Record<string, string> = {
  '/title': 'title',
  '/content': 'content',
  '/status': 'status',
  '/post_date': 'post_date',
  '/published_to': 'published_to',
  '/completed_stages': 'completed_stages',
  '/tags': 'values',
};

export type ServerProblems = { fields: Record<string, string>; other: string[] };

/**
 * A failed save's envelope sorted onto the form (API-CONTRACT 2.1). Every value problem has the
 * pointer `/values` and names its field by label (PostValueMessages), so the longest label the
 * message contains picks the field; `/values/<key>` pointers are matched by key too.
 */
export function serverProblems(model: EditorModel, error: unknown): ServerProblems {
  if (!isApiError(error)) return { fields: {}, other: [error instanceof Error ? error.message : String(error)] };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  const byLabel = [...model.fields].sort((a, b) => b.label.length - a.label.length);
  const problems = error.fieldProblems;
  if (problems.length === 0) return { fields, other: error.messages };
  for (const problem of problems) {
    const direct = DIRECT[problem.pointer];
    if (direct && direct !== 'values') {
      fields[direct] ??= problem.message;
      continue;
    }
    if (problem.pointer.startsWith('/values')) {
      const key = problem.pointer.split('/')[2];
      const field =
        (key ? model.fields.find((f) => f.key === key) : undefined) ?? byLabel.find((f) => f.label && problem.message.includes(f.label));
      if (field) {
        fields[valuesPath(field)] ??= problem.message;
        continue;
      }
    }
    other.push(problem.message);
  }
  return { fields, other };
}
