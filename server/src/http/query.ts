import { invalid } from './errors';

/**
 * A list parameter in either encoding the contract allows: `a=1,2` or `a[]=1&a[]=2` (which the
 * query parser turns into an array, or an object with numeric keys past its array limit).
 */
export function toList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(toList);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(toList);
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** First scalar value of a query parameter, ignoring bracket noise. */
export function toScalar(value: unknown): string | undefined {
  const [first] = toList(value);
  return first;
}

export type Paging = { limit: number | null; offset: number; order: 'asc' | 'desc'; orderby: string };

/**
 * Reads `limit, offset, order, orderby`. Unknown `orderby` values are refused with 422 instead of
 * reaching SQL (API-CONTRACT 16). `order` other than desc means asc, as in v3.
 */
export function parsePaging(
  query: Record<string, unknown>,
  options: {
    resource: string;
    sortable: readonly string[];
    orderby: string;
    order?: 'asc' | 'desc';
    maxLimit?: number;
    defaultLimit?: number | null;
  },
): Paging {
  const limitRaw = toScalar(query.limit);
  const offsetRaw = toScalar(query.offset);
  let limit = options.defaultLimit ?? null;
  if (limitRaw !== undefined) {
    const n = Number(limitRaw);
    // Safe integers only: `1e20` is an integer to JavaScript but overflows Postgres' bigint (a 500).
    if (!Number.isSafeInteger(n) || n < 0) invalid(options.resource, '/limit', 'limit must be a positive whole number');
    limit = n === 0 ? limit : n;
  }
  if (options.maxLimit !== undefined && (limit === null || limit > options.maxLimit)) limit = options.maxLimit;
  let offset = 0;
  if (offsetRaw !== undefined) {
    const n = Number(offsetRaw);
    if (!Number.isSafeInteger(n) || n < 0) invalid(options.resource, '/offset', 'offset must be a positive whole number');
    offset = n;
  }
  const orderRaw = toScalar(query.order)?.toLowerCase();
  const order = orderRaw === undefined ? (options.order ?? 'asc') : orderRaw === 'desc' ? 'desc' : 'asc';
  const orderby = toScalar(query.orderby) ?? options.orderby;
  if (!options.sortable.includes(orderby)) {
    invalid(options.resource, '/orderby', `orderby must be one of ${options.sortable.join(', ')}`);
  }
  return { limit, offset, order, orderby };
}
