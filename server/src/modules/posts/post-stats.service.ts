import { PostStatsQuery, queryList, type PostStats, type PostStatsGroupValue, type PostStatsTimelineValue } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { canManagePosts } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import { parseBody } from '../../http/errors';
import { formNames } from './post-stats.repository';
import { RESOURCE, type PostsReads } from './posts.service';
import {
  countersAnswer,
  countGroups,
  countGroupsFromCounters,
  countTimelineFromDays,
  countUnmapped,
  daysAnswer,
  locationsAllVisible,
  tagGroupRoots,
  type StatsCell,
  type StatsGrouping,
} from './search';

const byTotalThenLabel = (a: PostStatsGroupValue, b: PostStatsGroupValue) =>
  b.total - a.total || a.label.localeCompare(b.label) || (a.id ?? 0) - (b.id ?? 0) || a.type.localeCompare(b.type);

/** `GET /posts/stats` (API-CONTRACT 10): grouped totals or timelines of the posts the list would match. */
export function createPostStatsService(ctx: AppContext, reads: PostsReads) {
  return {
    async stats(auth: Auth, query: Record<string, unknown>): Promise<PostStats> {
      reads.authorizeSearch(auth);
      const options = parseBody(PostStatsQuery, query, RESOURCE);
      const search = await reads.searchOf(query);
      const viewer = await reads.viewer(auth, search);
      // Without change_status (anyone but managers and admins) only published posts count;
      // `group_by=status` without a status filter counts every status.
      if (!canManagePosts(auth)) search.status = ['published'];
      else if (options.group_by === 'status' && queryList(query.status).length === 0) search.status = 'all';

      const groupBy = options.group_by ?? null;
      const tagsParent = options.group_by_tags ?? 'all';
      const timeline = options.timeline ? { attribute: options.timeline_attribute, interval: options.timeline_interval } : null;
      const grouping: StatsGrouping = {
        groupBy,
        attributeKey: options.group_by_attribute_key ?? null,
        tagsParent,
        formBySource: timeline === null,
        timeline,
      };
      // Unfiltered per-survey, per-source and per-status counts (the sidebar's) come from the
      // running counts, and a daily timeline of them (the activity page's) from the daily ones;
      // anything else is one set-based statement over the posts.
      const locationsVisible = search.has_location !== 'all' && (await locationsAllVisible(ctx.db, viewer));
      const counted = groupBy !== 'tags' && groupBy !== 'attribute';
      const fromCounters = timeline === null && counted && countersAnswer(search, viewer, { table: 'post_counts', locationsVisible });
      const fromDays = timeline !== null && counted && daysAnswer(search, viewer, timeline.attribute, timeline.interval);
      const [cells, unmapped, roots] = await Promise.all([
        fromCounters
          ? countGroupsFromCounters(ctx.db, search, viewer, { groupBy, formBySource: grouping.formBySource, locationsVisible })
          : fromDays
            ? countTimelineFromDays(ctx.db, search, viewer, groupBy, timeline.interval)
            : countGroups(ctx.db, search, viewer, grouping),
        options.include_unmapped ? countUnmapped(ctx.db, search, viewer) : Promise.resolve(undefined),
        groupBy === 'tags' ? tagGroupRoots(ctx.db, viewer, tagsParent) : Promise.resolve([]),
      ]);

      const forms =
        groupBy === 'form'
          ? await formNames(
              ctx.db,
              cells.map((c) => Number(c.gid)).filter((id) => id > 0),
            )
          : new Map();
      const tags = new Map(roots.map((r) => [String(r.id), r.tag]));
      /** The label and id of a group as v3 words them. */
      const groupOf = (cell: StatsCell): { label: string; id: number | null } => {
        switch (groupBy) {
          case 'form':
            return cell.gid === null ? { label: 'None', id: null } : { label: forms.get(Number(cell.gid)) ?? 'None', id: Number(cell.gid) };
          case 'tags':
            return { label: tags.get(cell.gid ?? '') ?? 'None', id: Number(cell.gid) };
          case null:
            return { label: timeline ? 'None' : 'all', id: null };
          default:
            return { label: cell.gid ?? 'None', id: null };
        }
      };

      const answer: PostStats = {
        totals: [],
        group_by: groupBy,
        group_by_attribute_key: options.group_by_attribute_key ?? null,
        timeline_attribute: timeline ? options.timeline_attribute : null,
      };
      if (timeline) {
        const series = new Map<string, { key: string; values: PostStatsTimelineValue[] }>();
        const sorted = cells
          .map((cell) => ({ cell, ...groupOf(cell) }))
          .sort((a, b) => a.label.localeCompare(b.label) || (a.id ?? 0) - (b.id ?? 0) || a.cell.bucket! - b.cell.bucket!);
        for (const { cell, label, id } of sorted) {
          const key = `${label}\u0000${id ?? ''}`;
          let entry = series.get(key);
          if (!entry) series.set(key, (entry = { key: label, values: [] }));
          const before = entry.values.at(-1)?.cumulative_total ?? 0;
          entry.values.push({ label: cell.bucket!, total: cell.total, cumulative_total: before + cell.total });
        }
        answer.totals = [...series.values()];
        answer.time_interval = timeline.interval;
      } else {
        const values: PostStatsGroupValue[] = cells.map((cell) => ({ ...groupOf(cell), total: cell.total, type: cell.gtype }));
        if (groupBy === null && values.length === 0) values.push({ label: 'all', total: 0, id: null, type: 'web' });
        if (groupBy === 'tags') {
          const counted = new Set(values.map((v) => v.id));
          for (const root of roots) if (!counted.has(root.id)) values.push({ label: root.tag, total: 0, id: root.id, type: 'web' });
        }
        answer.totals = [{ key: groupBy ?? 'all', values: values.sort(byTotalThenLabel) }];
      }
      if (unmapped !== undefined) answer.unmapped = unmapped;
      return answer;
    },
  };
}
