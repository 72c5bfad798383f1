/** Grey for surveys whose colour is missing or unsafe (spec 2 section 5). */
export const MARKER_GREY = '#959595';

/**
 * A survey colour as a marker colour: only letters, digits or `#` are allowed, anything else is
 * grey (spec 2 section 5). Bare hex digits get their `#`.
 */
export function markerColor(color: string | null | undefined): string {
  const value = (color ?? '').trim();
  if (!value || !/^[A-Za-z0-9#]+$/.test(value)) return MARKER_GREY;
  if (/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) return `#${value}`;
  return value;
}

/** Short counts for cluster badges: 999, 1.2k, 35k, 1.1M. */
export function shortCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toString()}k`;
  if (count < 1_000_000) return `${Math.floor(count / 1000)}k`;
  return `${(Math.floor(count / 100_000) / 10).toString()}M`;
}
