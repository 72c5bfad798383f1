import { z } from 'zod';
import { listQuery } from './list-query';

export const TosMessages = {
  versionRequired: 'tos_version_date is required',
  versionInvalid: 'tos_version_date must be a date (ISO 8601 or seconds since 1970)',
} as const;
const M = TosMessages;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;
/** `Date.prototype.toUTCString()` and e-mail style dates: `Tue, 15 May 2018 00:00:00 GMT`. */
const RFC_2822 = /^([a-z]{3},\s*)?\d{1,2} [a-z]{3} \d{4}( \d{2}:\d{2}(:\d{2})?)?( (GMT|UTC|Z|[+-]\d{4}))?$/i;
/** `Date.prototype.toString()`: `Tue May 15 2018 02:00:00 GMT+0200 (Central European Summer Time)`. */
const JS_DATE_STRING = /^[a-z]{3} [a-z]{3} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4}( \(.*\))?$/i;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(10000, 0, 1);

/** A date-time without a zone is UTC, as every date of the API (not the server's local time). */
function isoInUtc(text: string): string {
  const iso = text.replace(' ', 'T');
  return iso.includes('T') && !/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(iso) ? `${iso}Z` : iso;
}

/**
 * A ToS version date as clients send it: an ISO 8601 / W3C string (the legacy client), another
 * dated string `Date` understands (RFC 2822), or seconds since 1970 (numbers or digit strings).
 * Numbers too large to be seconds are read as milliseconds, the unit `Date.now()` gives.
 * Returns null for anything else, and for years outside 1970..9999.
 */
export function parseTosVersionDate(value: unknown): Date | null {
  let time: number;
  if (typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    time = Math.abs(n) >= 1e11 ? n : n * 1000;
  } else if (typeof value === 'string') {
    const text = value.trim();
    // `Date` reads stray words as dates ("not 2018"); only the forms clients produce get that far.
    if (!ISO_DATE.test(text) && !RFC_2822.test(text) && !JS_DATE_STRING.test(text)) return null;
    time = Date.parse(ISO_DATE.test(text) ? isoInUtc(text) : text);
  } else return null;
  if (!Number.isFinite(time) || time < MIN_TIME || time >= MAX_TIME) return null;
  return new Date(Math.round(time));
}

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

export const CreateTosBody = z.object({
  tos_version_date: z
    .union([z.string().max(100, M.versionInvalid), z.number()], { error: (iss) => (missing(iss) ? M.versionRequired : M.versionInvalid) })
    .transform((value, ctx) => {
      const date = parseTosVersionDate(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: M.versionInvalid });
        return z.NEVER;
      }
      return date;
    }),
});
export type CreateTosBody = z.infer<typeof CreateTosBody>;

export const TosSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }),
  agreement_date: z.string(),
  tos_version_date: z.string(),
  allowed_privileges: z.array(z.string()),
});
export type Tos = z.infer<typeof TosSchema>;

export const TOS_SORTABLE = ['id', 'agreement_date', 'tos_version_date'] as const;

/** `GET /tos`: the caller's agreements, paging only (API-CONTRACT 14.10). */
export const TosListQuery = listQuery({ sortable: TOS_SORTABLE, orderby: 'id' }, {});
export type TosListQuery = z.infer<typeof TosListQuery>;
