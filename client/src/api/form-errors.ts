import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './errors';

/**
 * Marks form fields invalid from the error envelope's `source.pointer` (registration and every form
 * after it, API-CONTRACT 2.1). `fields` lists the form's own field names; `aliases` maps an API
 * field to a differently named form field. Returns the problems no field could take.
 */
export function applyPointerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Record<string, Path<T>> = {},
): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  if (error.fieldProblems.length === 0) return error.messages;
  const unmatched: string[] = [];
  let focused = false;
  for (const problem of error.fieldProblems) {
    const name = aliases[problem.field] ?? (fields.find((f) => f === problem.field) as Path<T> | undefined);
    if (!name) {
      unmatched.push(problem.message);
      continue;
    }
    setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
    focused = true;
  }
  return unmatched;
}
