import type { Executor } from '../../db/database';

/**
 * Existence checks for what a post refers to (users, roles, media, categories, other posts).
 * They read those tables by id only, inside the write transaction, so a reference cannot vanish
 * between the check and the insert without the foreign keys or the lock noticing.
 */

const idsIn = async (db: Executor, table: 'users' | 'tags', ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
};

export const existingUserIds = (db: Executor, ids: number[]) => idsIn(db, 'users', ids);
export const existingTagIds = (db: Executor, ids: number[]) => idsIn(db, 'tags', ids);

export async function existingRoleNames(db: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('roles')
    .select('name')
    .where('name', 'in', [...new Set(names)])
    .execute();
  return new Set(rows.map((r) => r.name));
}

/** Category names (or slugs) to ids, for the legacy top-level `tags` list (API-CONTRACT 8.2). */
export async function tagIdsByName(db: Executor, names: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (names.length === 0) return map;
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'tag', 'slug'])
    .where((eb) => eb.or([eb('tag', 'in', names), eb('slug', 'in', names)]))
    .orderBy('id')
    .execute();
  for (const name of names) {
    const row = rows.find((r) => r.tag === name) ?? rows.find((r) => r.slug === name);
    if (row) map.set(name, row.id);
  }
  return map;
}

/** What the read rule needs of a post (the parent a post names), or undefined when there is none. */
export const postReadAccess = (db: Executor, id: number) =>
  db.selectFrom('posts').select(['user_id', 'status', 'published_to']).where('id', '=', id).executeTakeFirst();

/** Survey of each existing post among `ids` (relation fields may be limited to some surveys). */
export async function postForms(db: Executor, ids: number[]): Promise<Map<number, number | null>> {
  const map = new Map<number, number | null>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'form_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) map.set(row.id, row.form_id);
  return map;
}
