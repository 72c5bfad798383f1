import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { Paging } from '../../http/query';
import type { PostEventData } from './post-events';

/** A post event that left a snapshot behind: one revision of the post. */
export type RevisionRow = { id: number; type: string; actor_id: number | null; created_at: Date; data: PostEventData };

export const REVISION_SORTABLE = ['id', 'created'] as const;

/**
 * Every event of the post that kept its state; the delete is not a revision of a living post, nor
 * is the announcement that it joined or left a collection.
 */
const revisions = (db: Executor, postId: number) =>
  db
    .selectFrom('events')
    .where('aggregate_type', '=', 'post')
    .where('aggregate_id', '=', String(postId))
    .where('type', '<>', 'post.deleted')
    .where('data', 'is not', null)
    .where(sql<boolean>`data->>'revision' is distinct from 'false'`);

export async function revisionsOf(db: Executor, postId: number, paging: Paging): Promise<{ rows: RevisionRow[]; total: number }> {
  const column = paging.orderby === 'created' ? 'created_at' : 'id';
  let query = revisions(db, postId)
    .select(['id', 'type', 'actor_id', 'created_at', 'data'])
    .orderBy(sql.ref(column), paging.order)
    .orderBy('id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    revisions(db, postId)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as RevisionRow[], total: Number(count.total) };
}

export async function revisionOf(db: Executor, postId: number, id: number): Promise<RevisionRow | undefined> {
  const row = await revisions(db, postId).select(['id', 'type', 'actor_id', 'created_at', 'data']).where('id', '=', id).executeTakeFirst();
  return row as RevisionRow | undefined;
}
