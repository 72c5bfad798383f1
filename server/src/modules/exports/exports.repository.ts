import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ExportJobsTable } from '../../db/tables/exports';

export type ExportJobRow = Selectable<ExportJobsTable>;

export const insert = (db: Executor, values: Insertable<ExportJobsTable>): Promise<ExportJobRow> =>
  db.insertInto('export_jobs').values(values).returningAll().executeTakeFirstOrThrow();

export const findById = (db: Executor, id: number): Promise<ExportJobRow | undefined> =>
  db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const findForUpdate = (db: Executor, id: number): Promise<ExportJobRow | undefined> =>
  db.selectFrom('export_jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const update = (db: Executor, id: number, values: Updateable<ExportJobsTable>, now: Date): Promise<ExportJobRow> =>
  db
    .updateTable('export_jobs')
    .set({ ...values, updated: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const remove = (db: Executor, id: number) => db.deleteFrom('export_jobs').where('id', '=', id).execute();

/** Newest first; `userId` for one requester's jobs, `notExpiredAt` for those whose URL still works then (or has none yet). */
export async function search(
  db: Executor,
  filter: { userId: number | null; notExpiredAt: Date | null },
  page: { limit: number | null; offset: number },
) {
  let query = db.selectFrom('export_jobs');
  if (filter.userId !== null) query = query.where('user_id', '=', filter.userId);
  const at = filter.notExpiredAt;
  if (at) query = query.where((eb) => eb.or([eb('url_expiration', 'is', null), eb('url_expiration', '>', at)]));
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .$if(page.limit !== null, (q) => q.limit(page.limit!))
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The requester as the job reads posts for them: role and that role's permissions now. */
export const requester = (db: Executor, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'role',
      sql<string[]>`coalesce((select array_agg(permission) from roles_permissions rp where rp.role = users.role), '{}')`.as('permissions'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();

/** Jobs not finished; with `lapsedAt`, only those whose worker stopped renewing its claim. */
export const running = (db: Executor, lapsedAt: Date | null) =>
  db
    .selectFrom('export_jobs')
    .select(['id', 'lease_until'])
    .where('status', 'in', ['PENDING', 'QUEUED'])
    .$if(lapsedAt !== null, (q) => q.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lapsedAt!)])))
    .execute();

/** Finished files whose download URL has expired. */
export const expiredFiles = (db: Executor, now: Date) =>
  db.selectFrom('export_jobs').select(['id', 'file_key']).where('file_key', 'is not', null).where('url_expiration', '<=', now).execute();

/** Category names, for category fields' cells. */
export const tagNames = async (db: Executor): Promise<Map<number, string>> =>
  new Map((await db.selectFrom('tags').select(['id', 'tag']).execute()).map((t) => [t.id, t.tag]));
