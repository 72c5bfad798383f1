import { isDbId } from '@platform/shared';
import type { Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { FormRolesTable } from '../../db/tables/surveys';

export type FormRoleRow = Selectable<FormRolesTable>;

export const listForForm = (db: Executor, formId: number): Promise<FormRoleRow[]> =>
  db.selectFrom('form_roles').selectAll().where('form_id', '=', formId).orderBy('id').execute();

const asId = (r: number | string): number | null => {
  const n = typeof r === 'number' ? r : /^\d{1,10}$/.test(r) ? Number(r) : null;
  return isDbId(n) ? n : null;
};

/** Ids of the roles named by id or by name; the ones that do not exist are left out. */
export async function resolveRoles(db: Executor, requested: Array<number | string>): Promise<Map<number | string, number>> {
  const ids = requested.map(asId).filter((n): n is number => n !== null);
  const names = requested.filter((r): r is string => typeof r === 'string' && asId(r) === null);
  const known = new Set<number>();
  const byName = new Map<string, number>();
  if (ids.length > 0) for (const row of await db.selectFrom('roles').select('id').where('id', 'in', ids).execute()) known.add(row.id);
  if (names.length > 0)
    for (const row of await db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).execute())
      byName.set(row.name, row.id);
  const found = new Map<number | string, number>();
  for (const r of requested) {
    const id = asId(r);
    if (id !== null && known.has(id)) found.set(r, id);
    else if (typeof r === 'string' && byName.has(r)) found.set(r, byName.get(r)!);
  }
  return found;
}

/** Replaces the list of roles allowed to post in a survey (API-CONTRACT 7.4). */
export async function replaceForForm(trx: Trx, formId: number, roleIds: number[]): Promise<void> {
  await trx.deleteFrom('form_roles').where('form_id', '=', formId).execute();
  if (roleIds.length > 0) {
    await trx
      .insertInto('form_roles')
      .values(roleIds.map((role_id) => ({ form_id: formId, role_id })))
      .execute();
  }
}
