import type { Paging } from '@platform/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { CsvFixed, CsvImportsTable } from '../../db/tables/imports';

/** An import without its file: what every read but the job's needs. */
export type CsvImportRow = Omit<Selectable<CsvImportsTable>, 'content'>;
export type CsvRowError = { row: number; column: string | null; reason: string };

const COLUMNS = [
  'id',
  'user_id',
  'filename',
  'mime',
  'size',
  'columns',
  'total',
  'maps_to',
  'fixed',
  'status',
  'processed',
  'errors',
  'next_row',
  'collection_id',
  'lease_owner',
  'lease_until',
  'completed',
  'created',
  'updated',
] as const;

export const insert = (
  db: Executor,
  values: { userId: number; filename: string; mime: string; content: Buffer; columns: string[]; total: number },
) =>
  db
    .insertInto('csv_imports')
    .values({
      user_id: values.userId,
      filename: values.filename,
      mime: values.mime,
      size: values.content.length,
      content: values.content,
      columns: JSON.stringify(values.columns),
      total: values.total,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const findById = (db: Executor, id: number): Promise<CsvImportRow | undefined> =>
  db.selectFrom('csv_imports').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export const findForUpdate = (db: Executor, id: number): Promise<CsvImportRow | undefined> =>
  db.selectFrom('csv_imports').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const contentOf = async (db: Executor, id: number): Promise<Buffer | null> =>
  (await db.selectFrom('csv_imports').select('content').where('id', '=', id).executeTakeFirst())?.content ?? null;

export async function search(db: Executor, paging: Paging) {
  let query = db
    .selectFrom('csv_imports')
    .select(COLUMNS)
    .orderBy(paging.orderby as 'id', paging.order)
    .orderBy('id', paging.order)
    .offset(paging.offset);
  if (paging.limit !== null) query = query.limit(paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    db
      .selectFrom('csv_imports')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const saveMapping = (db: Executor, id: number, mapsTo: Array<string | null>, fixed: CsvFixed, now: Date) =>
  db
    .updateTable('csv_imports')
    .set({ maps_to: JSON.stringify(mapsTo), fixed: JSON.stringify(fixed), updated: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export type ImportChanges = Partial<{
  status: CsvImportRow['status'];
  processed: number;
  errors: number;
  next_row: number;
  collection_id: number;
  lease_owner: string | null;
  lease_until: Date | null;
  completed: boolean;
  dropContent: boolean;
}>;

export const update = (db: Executor, id: number, { dropContent, ...changes }: ImportChanges, now: Date) =>
  db
    .updateTable('csv_imports')
    .set({ ...changes, ...(dropContent ? { content: null } : {}), updated: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const remove = (db: Executor, id: number) => db.deleteFrom('csv_imports').where('id', '=', id).execute();

export async function addErrors(db: Executor, importId: number, errors: CsvRowError[]): Promise<void> {
  if (errors.length === 0) return;
  await db
    .insertInto('csv_import_errors')
    .values(errors.map((e) => ({ import_id: importId, row: e.row, column: e.column, reason: e.reason })))
    .execute();
}

export const errorsOf = (db: Executor, importId: number): Promise<CsvRowError[]> =>
  db.selectFrom('csv_import_errors').select(['row', 'column', 'reason']).where('import_id', '=', importId).orderBy('id').execute();

/** Running imports; with `lapsedBy`, only those whose worker has not renewed its claim by then. */
export function running(db: Executor, lapsedBy: Date | null) {
  let query = db.selectFrom('csv_imports').select(['id', 'lease_until']).where('status', '=', 'PENDING').orderBy('id');
  if (lapsedBy) query = query.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lapsedBy)]));
  return query.execute();
}

/** The importing user with what their role allows: each row is written as they would write it. */
export const importer = (db: Executor, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'role',
      sql<string[]>`coalesce((select array_agg(permission) from roles_permissions rp where rp.role = users.role), '{}')`.as('permissions'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
