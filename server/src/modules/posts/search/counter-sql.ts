import { sql, type RawBuilder } from 'kysely';
import type { PostViewer } from './post-search';

/**
 * The running counts (`post_counts`, and `post_day_counts` per day of creation) are rows of
 * `(form_id, source, status, published_to, n)`, read under the alias `c`: a few hundred rows that
 * answer what would otherwise be a scan of every post (`counters.repository.ts`).
 */
export type CountersTable = 'post_counts' | 'post_day_counts';

/** Which running counts are asked, and whether they may answer location filters (`locationsAllVisible`). */
export type CountersOn = { table: CountersTable; locationsVisible: boolean };

/** Roles admit a row with columns `published_to` (the read rule of API-CONTRACT 8.5 for non-managers). */
export const rolesAdmit = (viewer: PostViewer, column: RawBuilder<unknown>) =>
  viewer.role === null
    ? sql<boolean>`cardinality(${column}) = 0`
    : sql<boolean>`(cardinality(${column}) = 0 or ${viewer.role}::text = any(${column}))`;

const DAY_MS = 86_400_000;

/**
 * A created range (inclusive at both ends, either open) cut at UTC midnights: the whole days from
 * `from` (inclusive) to `to` (exclusive) are summed from `post_day_counts`, and the part days at its
 * ends (`after` up to `from`, `to` up to `before`) are counted from the posts. Null when no whole
 * day lies inside the range.
 */
export function wholeDaysOf(after: Date | undefined, before: Date | undefined): { from: Date | null; to: Date | null } | null {
  const from = after ? new Date(Math.ceil(after.getTime() / DAY_MS) * DAY_MS) : null;
  const to = before ? new Date(Math.floor(before.getTime() / DAY_MS) * DAY_MS) : null;
  return from && to && from >= to ? null : { from, to };
}

/** Postgres names the days: a range's end may fall in year 10000, which no ISO string of JavaScript writes as a date. */
export const utcDay = (at: Date) => sql`(${at}::timestamptz at time zone 'UTC')::date`;
