import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { assembleContexts, contextRowsQuery, type ContextRow, type PostFormContext } from './post-forms.repository';
import type { LockRow } from './post-locks.repository';
import type { TagLink } from './posts.repository';

/** What a post's answer needs besides its own row. */
export type PostSides = {
  contexts: Map<number, PostFormContext>;
  tags: Map<number, TagLink[]>;
  sets: Map<number, number[]>;
  locks: Map<number, LockRow>;
};

type LockJson = Omit<LockRow, 'expires' | 'created' | 'updated'> & { expires: string; created: string; updated: string | null };

type SidesRow = {
  contexts: ContextRow[];
  tags: Array<[postId: number, tagId: number, attributeId: number | null]>;
  sets: Array<[postId: number, setId: number]>;
  locks: LockJson[];
};

function grouped<T>(pairs: Array<[number, T]>): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const [id, value] of pairs) {
    const list = map.get(id);
    if (list) list.push(value);
    else map.set(id, [value]);
  }
  return map;
}

/**
 * The surveys (tasks, fields, roles), categories, collections and active locks of a page of posts
 * in one statement: each round trip costs both processes a system call and a wake-up, and at a
 * million posts the four separate reads were most of a list request's time beside its own query.
 */
export async function sidesOf(db: Executor, postIds: number[], formIds: number[], now: Date): Promise<PostSides> {
  const forms = [...new Set(formIds)];
  const { rows } = await sql<SidesRow>`select
      (select coalesce(json_agg(c), '[]') from (${contextRowsQuery(forms)}) c) as contexts,
      (select coalesce(json_agg(json_build_array(pt.post_id, pt.tag_id, pt.form_attribute_id) order by pt.post_id, pt.tag_id), '[]')
        from posts_tags pt where pt.post_id = any(${postIds}::int[])) as tags,
      (select coalesce(json_agg(json_build_array(ps.post_id, ps.set_id) order by ps.post_id, ps.set_id), '[]')
        from posts_sets ps where ps.post_id = any(${postIds}::int[])) as sets,
      (select coalesce(json_agg(json_build_object('id', l.id, 'post_id', l.post_id, 'user_id', l.user_id, 'expires', l.expires,
          'created', l.created, 'updated', l.updated, 'realname', u.realname)), '[]')
        from post_locks l left join users u on u.id = l.user_id
        where l.post_id = any(${postIds}::int[]) and l.expires > ${now}) as locks`.execute(db);
  const row = rows[0]!;
  return {
    contexts: assembleContexts(row.contexts),
    tags: grouped(row.tags.map(([postId, tagId, attributeId]) => [postId, { tagId, attributeId }])),
    sets: grouped(row.sets),
    locks: new Map(
      row.locks.map((lock) => [
        lock.post_id,
        {
          ...lock,
          expires: new Date(lock.expires),
          created: new Date(lock.created),
          updated: lock.updated === null ? null : new Date(lock.updated),
        },
      ]),
    ),
  };
}
