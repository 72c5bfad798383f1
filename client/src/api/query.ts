export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

/** Serialises a query the way the legacy client does: arrays as `key[]=a&key[]=b` (API-CONTRACT 1). */
export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as ReadonlyArray<string | number>) params.append(`${key}[]`, String(item));
    else params.append(key, String(value as string | number | boolean));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
