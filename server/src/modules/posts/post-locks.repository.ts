import type { Executor, Trx } from '../../db/database';

/** A lock with its holder's name (the lock message and pushes carry it). */
export type LockRow = {
  id: number;
  post_id: number;
  user_id: number;
  expires: Date;
  created: Date;
  updated: Date | null;
  realname: string | null;
};

const withHolder = (db: Executor) =>
  db
    .selectFrom('post_locks')
    .leftJoin('users', 'users.id', 'post_locks.user_id')
    .select([
      'post_locks.id',
      'post_locks.post_id',
      'post_locks.user_id',
      'post_locks.expires',
      'post_locks.created',
      'post_locks.updated',
      'users.realname',
    ]);

/** The lock row of a post, active or expired (at most one: `post_id` is unique). */
export const findByPost = (db: Executor, postId: number): Promise<LockRow | undefined> =>
  withHolder(db).where('post_locks.post_id', '=', postId).executeTakeFirst();

/** The lock row of a post, row-locked: an expiry running at the same moment finishes first. */
export const findByPostForUpdate = (trx: Trx, postId: number): Promise<LockRow | undefined> =>
  withHolder(trx).where('post_locks.post_id', '=', postId).forUpdate('post_locks').executeTakeFirst();

/** Locks of a user, row-locked so a concurrent acquire or break waits for this release. */
export const findByUserForUpdate = (trx: Trx, userId: number): Promise<LockRow[]> =>
  withHolder(trx).where('post_locks.user_id', '=', userId).orderBy('post_locks.post_id').forUpdate('post_locks').execute();

/** One lock, row-locked (the expiry job). */
export const findByIdForUpdate = (trx: Trx, id: number): Promise<LockRow | undefined> =>
  withHolder(trx).where('post_locks.id', '=', id).forUpdate('post_locks').executeTakeFirst();

/** Expired locks nobody else is handling right now. */
export const findExpiredForUpdate = (trx: Trx, now: Date, limit: number): Promise<LockRow[]> =>
  withHolder(trx)
    .where('post_locks.expires', '<=', now)
    .orderBy('post_locks.expires')
    .limit(limit)
    .forUpdate('post_locks')
    .skipLocked()
    .execute();

/** Active locks of many posts (the post list shows them to managers). */
export async function activeLocksOf(db: Executor, postIds: number[], now: Date): Promise<Map<number, LockRow>> {
  if (postIds.length === 0) return new Map();
  const rows = await withHolder(db).where('post_locks.post_id', 'in', postIds).where('post_locks.expires', '>', now).execute();
  return new Map(rows.map((row) => [row.post_id, row]));
}

export async function insert(trx: Trx, values: { postId: number; userId: number; expires: Date }): Promise<LockRow> {
  const row = await trx
    .insertInto('post_locks')
    .values({ post_id: values.postId, user_id: values.userId, expires: values.expires })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await withHolder(trx).where('post_locks.id', '=', row.id).executeTakeFirst())!;
}

export async function renew(trx: Trx, lock: LockRow, expires: Date, now: Date): Promise<LockRow> {
  await trx.updateTable('post_locks').set({ expires, updated: now }).where('id', '=', lock.id).execute();
  return { ...lock, expires, updated: now };
}

export const remove = (trx: Trx, id: number) => trx.deleteFrom('post_locks').where('id', '=', id).execute();
