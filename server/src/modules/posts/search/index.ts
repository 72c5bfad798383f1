/**
 * Post search: which posts a viewer's filters match (API-CONTRACT 8.4), as rows, counts or map
 * points. Each filter means one thing, written once in `filter-table.ts` in SQL and, where they
 * can hold it, as a condition on the running counts and a test on the map's points in memory.
 * Code outside this folder imports from here only.
 */
export { createCountCache, type CountCache } from './count-cache';
export { countGroupsFromCounters, countTimelineFromDays, countUnmapped, daysAnswer, locationsAllVisible } from './counters.repository';
export { pointFieldsHidden } from './filter-sql';
export { countersAnswer, filteredPosts, memoryBase, memoryFilters } from './filters';
export type { PointFilter } from './filter-table';
export { countGroups, tagGroupRoots, type StatsCell, type StatsGrouping } from './grouped-counts.repository';
export { NEVER, NO_FORM, OTHER_SOURCE, SOURCE_CODES, STATUS_CODES, type PostColumns } from './post-columns';
export { COUNT_BUDGET_MS, searchPosts, type CountKind, type CountMode, type CountOptions } from './post-list.repository';
export type { PostSearch, PostViewer } from './post-search';
