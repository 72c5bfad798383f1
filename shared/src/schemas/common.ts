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

/** Whether a number can be the id of a row (`serial`: 1 to `MAX_DB_ID`). */
export const isDbId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_DB_ID;

/** Whether text is the digits of a row id, as in a query string or a path. */
export const isDbIdText = (text: string): boolean => /^\d+$/.test(text) && isDbId(Number(text));

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

/** Longest a free-form JSON value stored as given may be, serialised (a saved search's filter, view_options, a config value). */
export const MAX_FREE_JSON_LENGTH = 64 * 1024;

/**
 * PHP serialises an empty associative array as `[]`, so the incumbent and its clients send `[]`
 * for an empty object: where the contract has an object, `[]` means `{}`.
 */
export const emptyListAsObject = (value: unknown): unknown => (Array.isArray(value) && value.length === 0 ? {} : value);

/** Whether a value fits `MAX_FREE_JSON_LENGTH`; one too deep to serialise does not fit either. */
export function fitsFreeJson(value: unknown): boolean {
  try {
    return (JSON.stringify(value)?.length ?? 0) <= MAX_FREE_JSON_LENGTH;
  } catch {
    return false;
  }
}

export const freeJsonTooLarge = (field: string) => `${field} must be at most ${MAX_FREE_JSON_LENGTH / 1024} KB of JSON`;

/**
 * A free-form JSON object the server stores as given (`view_options`, a saved search's `filter`,
 * a field's `config`, config objects): `[]` is read as `{}` (above), and its size is capped.
 * `invalid` is the message for anything but an object, or a function of the input for two messages.
 */
export const freeObject = (field: string, invalid: string | ((issue: { input: unknown }) => string) = `${field} must be an object`) =>
  z.preprocess(
    emptyListAsObject,
    z.record(z.string(), z.unknown(), { error: invalid }).refine(fitsFreeJson, { error: freeJsonTooLarge(field) }),
  );

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
