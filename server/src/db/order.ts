import type { OrderByItemBuilder } from 'kysely';

/** The paging direction with empty values last, whichever way (`orderBy(column, nullsLast(order))`). */
export const nullsLast =
  (order: 'asc' | 'desc') =>
  (ob: OrderByItemBuilder): OrderByItemBuilder =>
    (order === 'desc' ? ob.desc() : ob.asc()).nullsLast();
