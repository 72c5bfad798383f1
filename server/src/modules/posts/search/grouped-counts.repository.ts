import type { PostStatsGroup } from '@platform/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import { filteredPosts } from './filters';
import type { PostSearch, PostViewer } from './post-search';

/** One counted cell: a group (`gid`, with `gtype` the source for surveys) and a timeline bucket. */
export type StatsCell = { gid: string | null; gtype: string; bucket: number | null; total: number };

export type StatsGrouping = {
  groupBy: PostStatsGroup | null;
  attributeKey: string | null;
  /** `group_by=tags`: children of this category, or the top-level ones. */
  tagsParent: number | 'all';
  /** Group surveys by survey and source (the grouped answer) or by survey only (a timeline's series). */
  formBySource: boolean;
  timeline: { attribute: string; interval: number } | null;
  /** A further condition on the row `posts`. */
  extra?: RawBuilder<boolean>;
};

/**
 * A field `key` whose values the viewer may count on the row `posts`: any for managers; for others
 * a field shown once published, not a private response, and never a location or time their survey
 * hides (stats of non-managers only count published posts).
 */
const fieldCountable = (viewer: PostViewer, key: string, type: 'any' | 'datetime'): RawBuilder<boolean> => {
  const typed = type === 'datetime' ? sql` and fa.type in ('datetime', 'date')` : sql``;
  const hidden = viewer.manager
    ? sql``
    : sql` and fs.show_when_published and not fs.task_is_internal_only and not fa.response_private
        and not ((fa.type = 'point' and f.hide_location) or (fa.type in ('datetime', 'date') and f.hide_time))`;
  return sql<boolean>`exists (select 1 from form_attributes fa
    join form_stages fs on fs.id = fa.form_stage_id join forms f on f.id = fs.form_id
    where fs.form_id = posts.form_id and fa.key = ${key}${typed}${hidden})`;
};

const valuesOf = (key: string) =>
  sql`(case when jsonb_typeof(posts."values" -> ${key}) = 'array' then posts."values" -> ${key} else '[]'::jsonb end)`;

/** ` where a and b ...`, or nothing without conditions. */
export const whereAll = (conditions: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;

/** The time a timeline buckets on: a post column, or the first value of a date field. */
function timeOf(viewer: PostViewer, attribute: string): { expr: RawBuilder<unknown>; visible: RawBuilder<boolean> | null } {
  if (attribute === 'created' || attribute === 'updated' || attribute === 'post_date')
    return { expr: sql.ref(`posts.${attribute}`), visible: null };
  return {
    expr: sql`platform_try_timestamptz(posts."values" -> ${attribute} ->> 0)`,
    visible: fieldCountable(viewer, attribute, 'datetime'),
  };
}

/**
 * Categories the viewer may read (the top-down walk of the tags module, whose roles every ancestor
 * must admit), and the groups of `group_by=tags`: each root with itself and all its descendants.
 */
function tagGroupsCte(viewer: PostViewer, parent: number | 'all'): RawBuilder<unknown> {
  const roleOk = (alias: string) =>
    sql`(${sql.ref(`${alias}.role`)} is null or cardinality(${sql.ref(`${alias}.role`)}) = 0 or ${viewer.role}::text = any(${sql.ref(`${alias}.role`)}))`;
  const visible = viewer.manager
    ? sql`visible_tags(id) as (select id from tags)`
    : sql`visible_tags(id) as (
        select t.id from tags t where t.parent_id is null and ${roleOk('t')}
        union
        select c.id from tags c join visible_tags v on c.parent_id = v.id where ${roleOk('c')})`;
  const roots = parent === 'all' ? sql`t.parent_id is null` : sql`t.parent_id = ${parent}`;
  return sql`with recursive ${visible},
    tag_groups(root_id, tag_id) as (
      select t.id, t.id from tags t where ${roots} and t.type = 'category' and t.id in (select id from visible_tags)
      union
      select g.root_id, c.id from tags c join tag_groups g on c.parent_id = g.tag_id where c.id in (select id from visible_tags))`;
}

/** The group roots of `group_by=tags` (zero counts included), with names. */
export async function tagGroupRoots(db: Executor, viewer: PostViewer, parent: number | 'all'): Promise<Array<{ id: number; tag: string }>> {
  const { rows } = await sql<{ id: number; tag: string }>`${tagGroupsCte(viewer, parent)}
    select t.id, t.tag from tags t where t.id in (select root_id from tag_groups) order by t.priority, t.id`.execute(db);
  return rows;
}

/**
 * Counts of the posts matching the search, per group and timeline bucket, in one set-based
 * statement over the indexed filters of `filteredPosts` (the same `where` as `GET /posts`), from the posts themselves.
 */
export async function countGroups(db: Executor, search: PostSearch, viewer: PostViewer, grouping: StatsGrouping): Promise<StatsCell[]> {
  const matching = filteredPosts(db, search, viewer).select([
    'posts.id',
    'posts.form_id',
    'posts.user_id',
    'posts.status',
    'posts.source',
    'posts.created',
    'posts.updated',
    'posts.post_date',
    'posts.values',
    'posts.published_to',
  ]);
  const conditions: RawBuilder<unknown>[] = grouping.extra ? [grouping.extra] : [];
  let bucket: RawBuilder<unknown> = sql`null::bigint`;
  if (grouping.timeline) {
    const time = timeOf(viewer, grouping.timeline.attribute);
    const interval = grouping.timeline.interval;
    bucket = sql`(floor(extract(epoch from ${time.expr}) / ${interval}::float8) * ${interval}::bigint)::bigint`;
    conditions.push(sql`${time.expr} is not null`);
    if (time.visible) conditions.push(time.visible);
  }

  let from: RawBuilder<unknown> = sql`(${matching}) posts`;
  let prefix: RawBuilder<unknown> = sql``;
  let gid: RawBuilder<unknown> = sql`null::text`;
  let gtype: RawBuilder<unknown> = sql`'web'`;
  let counted: RawBuilder<unknown> = sql`count(*)`;
  switch (grouping.groupBy) {
    case 'form':
      gid = sql`posts.form_id::text`;
      if (grouping.formBySource) gtype = sql`coalesce(posts.source, 'web')`;
      break;
    case 'status':
      gid = sql`posts.status`;
      break;
    case 'source':
      gid = sql`coalesce(posts.source, 'web')`;
      break;
    case 'tags': {
      prefix = tagGroupsCte(viewer, grouping.tagsParent);
      from = sql`(${matching}) posts join posts_tags pt on pt.post_id = posts.id join tag_groups g on g.tag_id = pt.tag_id`;
      gid = sql`g.root_id::text`;
      counted = sql`count(distinct posts.id)`;
      // A category chosen in a field the viewer does not see does not count for them.
      if (!viewer.manager)
        conditions.push(sql`(pt.form_attribute_id is null or exists (
          select 1 from form_attributes fa join form_stages fs on fs.id = fa.form_stage_id
          where fa.id = pt.form_attribute_id and fs.show_when_published and not fs.task_is_internal_only and not fa.response_private))`);
      break;
    }
    case 'attribute': {
      const key = grouping.attributeKey ?? '';
      from = sql`(${matching}) posts cross join lateral jsonb_array_elements_text(${valuesOf(key)}) v(x)`;
      gid = sql`v.x`;
      counted = sql`count(distinct posts.id)`;
      conditions.push(fieldCountable(viewer, key, 'any'));
      break;
    }
    default:
      break;
  }
  const where = whereAll(conditions);
  const { rows } = await sql<{ gid: string | null; gtype: string; bucket: string | null; total: number }>`${prefix}
    select ${gid} as gid, ${gtype} as gtype, ${bucket} as bucket, ${counted}::int as total
    from ${from}${where}
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ ...r, bucket: r.bucket === null ? null : Number(r.bucket) }));
}
