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
