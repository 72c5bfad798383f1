/**
 * Dates as posts take them: field values, `post_date` and the list's date filters accept what
 * PHP's strtotime accepted for real clients (API-CONTRACT 8.2, 8.4): ISO 8601 with `Z` or an
 * offset, `YYYY-MM-DD`, `YYYY/MM/DD`, `MM/DD/YYYY`, `YYYY-MM-DD HH:MM:SS` (UTC when no zone is
 * given), epoch seconds, English dates ("31 May 2016") and a few relative words for filters.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC: how date-time field values are stored and rendered. */
export function formatDateTime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Years outside this range cannot be written as `YYYY` and are never meant. */
const MIN_TIME = Date.UTC(1000, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);
const inRange = (time: number) => Number.isFinite(time) && time >= MIN_TIME && time <= MAX_TIME;

/** A calendar date and time that really exists (no 31 February, no 25:00). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return new Date(time).getUTCDate() === day ? time : null;
}

/** `Z`, `UTC`, `GMT`, `+02`, `+0200`, `+02:00` -> minutes east of UTC. */
function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const z = zone.trim().toUpperCase();
  if (z === '' || z === 'Z' || z === 'UTC' || z === 'GMT') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(z);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  if (minutes > 14 * 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

const TIME = String.raw`(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?`;
const YMD = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}$`, 'i');
const MDY = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`, 'i');

function numericDate(text: string): number | null {
  const ymd = YMD.exec(text);
  const mdy = ymd ? null : MDY.exec(text);
  const match = ymd ?? mdy;
  if (!match) return null;
  const [year, month, day] = ymd ? [match[1], match[2], match[3]] : [match[3], match[1], match[2]];
  const ms = match[7] ? Number(match[7].padEnd(3, '0').slice(0, 3)) : 0;
  const time = utc(Number(year), Number(month), Number(day), Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0), ms);
  const offset = zoneOffset(match[8]);
  if (time === null || offset === null) return null;
  return time - offset * 60_000;
}

const MONTH_OR_DAY = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/i;

/** English dates such as "31 May 2016" or RFC 2822; only when a month or weekday name is present. */
function namedDate(text: string): number | null {
  if (!MONTH_OR_DAY.test(text) || !/\d{4}/.test(text)) return null;
  // Without a zone the engines read local time; our dates are UTC.
  const zoned = /(Z|UTC|GMT|[+-]\d{2}:?\d{2})\s*$/i.test(text) ? text : `${text} UTC`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? null : time;
}

const UNITS: Record<string, number> = {
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 7 * 86400,
  fortnight: 14 * 86400,
};

/** `now`, `today`, `yesterday`, `tomorrow`, `-1 week`, `+2 days`, `3 months ago`. */
function relativeDate(text: string, now: Date): number | null {
  const t = text.trim().toLowerCase();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (t === 'now') return now.getTime();
  if (t === 'today' || t === 'midnight') return midnight;
  if (t === 'yesterday') return midnight - 86400_000;
  if (t === 'tomorrow') return midnight + 86400_000;
  const match = /^([+-]?\d{1,6})\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?(\s+ago)?$/.exec(t);
  if (!match) return null;
  const amount = Number(match[1]) * (match[3] ? -1 : 1);
  const unit = match[2]!;
  if (unit === 'month' || unit === 'year') {
    const d = new Date(now.getTime());
    if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + amount);
    else d.setUTCFullYear(d.getUTCFullYear() + amount);
    return d.getTime();
  }
  return now.getTime() + amount * UNITS[unit]! * 1000;
}

/**
 * Parses a date as strtotime would for our clients; null when it is not a date. Digits alone
 * (optionally after `@`) are epoch seconds. Relative words are read against `now`.
 */
export function parseDateInput(input: unknown, now: Date = new Date()): Date | null {
  let time: number | null = null;
  if (typeof input === 'number') time = Number.isFinite(input) ? input * 1000 : null;
  else if (typeof input === 'string') {
    const text = input.trim();
    if (text.length === 0 || text.length > 64) return null;
    if (/^@?-?\d{1,12}$/.test(text)) time = Number(text.replace('@', '')) * 1000;
    else time = numericDate(text) ?? namedDate(text) ?? relativeDate(text, now);
  }
  return time !== null && inRange(time) ? new Date(time) : null;
}
