/**
 * A unique index refused the row: two writers raced past the service's own check for the same
 * key (a slug, a field key, an e-mail). With `constraint`, only a refusal by that index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: refusedBy } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || refusedBy === constraint);
}
