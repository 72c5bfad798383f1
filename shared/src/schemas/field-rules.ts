import { z } from 'zod';
import { MAX_DB_ID } from './common';

/** v3's "standard text": letters, numbers, punctuation and spaces only (survey, task and category names). */
export const STANDARD_TEXT = /^[\p{L}\p{N}\p{P} ]+$/u;

/** `#abc`, `abc`, `#aabbcc` or `aabbcc` (any case); rendered as `#rrggbb` (API-CONTRACT 7.1, 14.2). */
const COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function normalizeColor(value: string): string | null {
  const match = COLOR.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** A colour field: an empty value clears it (null). */
export const colorField = (message: string) =>
  z.union([z.string(), z.null()], { error: message }).transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const color = normalizeColor(value);
    if (color === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return color;
  });

/** A boolean that also takes the 0/1/"true"/"false" forms older clients send. */
export const flagField = (message: string) =>
  z.union(
    [
      z.boolean(),
      z.literal(0).transform(() => false),
      z.literal(1).transform(() => true),
      z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    ],
    { error: message },
  );

/** v3's `digit` rule: a whole number from 0, as a number or a numeric string. */
export const digitsField = (message: string) =>
  z.union(
    [
      z.number().int(message).min(0, message).max(MAX_DB_ID, message),
      z
        .string()
        .regex(/^\d{1,9}$/, message)
        .transform(Number),
    ],
    {
      error: message,
    },
  );

/** A positive id as a number or a numeric string. */
export const idField = (message: string) =>
  z.union(
    [
      z.number().int(message).positive(message).max(MAX_DB_ID, message),
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, message)
        .transform(Number),
    ],
    { error: message },
  );

/** Lower-case, spaces to dashes (API-CONTRACT 14.2). */
export const slugify = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, '-');
