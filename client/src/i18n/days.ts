/** Days as the person at the screen lives them: yyyy-mm-dd in their own time zone. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as yyyy-mm-dd. */
export const toDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Whether text is a yyyy-mm-dd day. */
export const isDay = (text: string) => DAY.test(text);

const parts = (day: string) => {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return [Number(y), Number(m) - 1, Number(d)] as const;
};

/** The first instant of a local day, as the API's ISO time. */
export const dayStart = (day: string) => new Date(...parts(day)).toISOString();

/** The last instant of a local day (a range's end day is included whole), as the API's ISO time. */
export const dayEnd = (day: string) => new Date(...parts(day), 23, 59, 59, 999).toISOString();

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The local day of a yyyy-mm-dd day or of an ISO date-time (as saved searches made by other
 * clients store their date ranges); '' for anything else.
 */
export function dayOf(text: string): string {
  if (isDay(text)) return text;
  if (!ISO_TIME.test(text)) return '';
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? '' : toDay(time);
}

/** A day as the language writes it (Oct 1, 2026; 1 oct 2026; in Arabic its own order and script). */
export const formatDay = (day: string, language: string): string =>
  isDay(day) ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(...parts(day))) : day;
