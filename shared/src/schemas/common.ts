import { z } from 'zod';

/** A relation as rendered on the wire: `{id, url}` (API-CONTRACT 1). */
export const RefSchema = z.object({ id: z.number().int(), url: z.string() });
export type Ref = z.infer<typeof RefSchema>;

export const PrivilegesSchema = z.array(z.string());

/** Accepts booleans and the 0/1/"true"/"false" forms older clients send. */
export const LooseBoolean = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
]);

/** Integer ids arrive as numbers or numeric strings. */
export const IdSchema = z.coerce.number({ error: 'must be a number' }).int().positive();

/** Largest id of a `serial` column: a bigger number can only be a wrong id (and would fail in SQL). */
export const MAX_DB_ID = 2147483647;

/** An id field of a request body (number or digit string, never a boolean or null), with one message. */
export const dbIdField = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*\d{1,12}\s*$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).positive(message).max(MAX_DB_ID, message));

/**
 * Whether a value read from JSON nests at most `max` objects or lists deep. Measured without
 * recursion: a value nested thousands deep must not exhaust the stack while being measured, as it
 * would later when written back out (JSON.stringify) or compared.
 */
export function nestsAtMost(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return false;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return true;
}

/** Common list envelope of every search endpoint (API-CONTRACT 14.1). */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    results: z.array(item),
    limit: z.number().int().nullable(),
    offset: z.number().int(),
    order: z.string(),
    orderby: z.string(),
    curr: z.string(),
    next: z.string(),
    prev: z.string(),
    total_count: z.number().int(),
  });
}
export type ListEnvelope<T> = {
  count: number;
  results: T[];
  limit: number | null;
  offset: number;
  order: string;
  orderby: string;
  curr: string;
  next: string;
  prev: string;
  total_count: number;
};
