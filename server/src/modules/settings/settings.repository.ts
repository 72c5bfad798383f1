import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database';

export async function loadGroup(db: Executor, group: string): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('config').select(['key', 'value']).where('group_name', '=', group).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsertKeys(trx: Trx, group: string, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ group_name: group, key, value: JSON.stringify(value ?? null) }));
  if (rows.length === 0) return;
  await trx
    .insertInto('config')
    .values(rows)
    .onConflict((oc) => oc.columns(['group_name', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated: new Date() })))
    .execute();
}

/**
 * Like `upsertKeys`, but a stored object takes in the keys sent and keeps the others, in one
 * statement: two administrators saving different entries of the same map at once both stay.
 */
export async function mergeKeys(trx: Trx, group: string, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ group_name: group, key, value: JSON.stringify(value ?? null) }));
  if (rows.length === 0) return;
  await trx
    .insertInto('config')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['group_name', 'key']).doUpdateSet({
        value: sql`case when jsonb_typeof(config.value) = 'object' and jsonb_typeof(excluded.value) = 'object'
          then config.value || excluded.value else excluded.value end`,
        updated: new Date(),
      }),
    )
    .execute();
}

export async function hasGroupKey(db: Executor, group: string, key: string): Promise<boolean> {
  const row = await db.selectFrom('config').select('key').where('group_name', '=', group).where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}
