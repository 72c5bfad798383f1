import type { Ref } from '@platform/shared';

export const API_PREFIX = '/api/v3';

export const resourceUrl = (base: string, path: string, id?: number | string): string =>
  id === undefined ? `${base}${API_PREFIX}/${path}` : `${base}${API_PREFIX}/${path}/${id}`;

/** Relations render as `{id, url}` (API-CONTRACT 1). */
export const ref = (base: string, path: string, id: number | null | undefined): Ref | null =>
  id === null || id === undefined ? null : { id, url: resourceUrl(base, path, id) };

/** W3C timestamp in UTC, `2014-09-29T21:10:16+00:00` (API-CONTRACT 1). */
export function w3c(date: Date | string | null | undefined): string | null {
  if (date === null || date === undefined) return null;
  const iso = (typeof date === 'string' ? new Date(date) : date).toISOString();
  // `…:ss.sssZ` becomes `…:ss+00:00` (a slice: this runs for every date of every exported post).
  return iso.endsWith('Z') && iso[iso.length - 5] === '.' ? `${iso.slice(0, -5)}+00:00` : iso;
}

export const epochSeconds = (date: Date | null | undefined): number | null => (date ? Math.floor(date.getTime() / 1000) : null);
