import type { Insertable, Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { MediaTable } from '../../db/tables/core';

export type MediaRow = Selectable<MediaTable>;

export const findById = (db: Executor, id: number) => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();

export const findByIdForUpdate = (trx: Trx, id: number) =>
  trx.selectFrom('media').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

const KEY_SHAPE = /^[\w/.-]+$/;

/** What the file route needs: the stored type of the file behind a key (none for a key we never make). */
export const findMimeByKey = async (db: Executor, key: string) =>
  KEY_SHAPE.test(key) ? db.selectFrom('media').select('mime').where('storage_key', '=', key).executeTakeFirst() : undefined;

export const insert = (trx: Trx, values: Insertable<MediaTable>) =>
  trx.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();

export const updateCaption = (trx: Trx, id: number, caption: string | null, now: Date) =>
  trx.updateTable('media').set({ caption, updated: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const remove = (trx: Trx, id: number) => trx.deleteFrom('media').where('id', '=', id).returningAll().executeTakeFirst();
