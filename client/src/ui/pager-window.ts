/**
 * The page numbers a pager shows: at most `max` of them, centred on the current page where the
 * ends allow (spec 3 section 9: at most 5 page links).
 */
export function pageWindow(current: number, pageCount: number, max = 5): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  const page = Math.min(Math.max(current, 1), pageCount);
  const start = Math.min(Math.max(page - Math.floor(size / 2), 1), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
