import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { HxlMetaDataTable } from '../../db/tables/exports';

export type HxlMetaDataRow = Selectable<HxlMetaDataTable>;
export type HxlLicenseRow = { id: number; code: string; name: string; link: string };
export type HxlTagRow = {
  id: number;
  tag_name: string;
  description: string;
  form_attribute_types: string[];
  attributes: { id: number; attribute: string; description: string }[];
};

/** Every tag with its attributes, in tag order. */
export async function tags(db: Executor): Promise<HxlTagRow[]> {
  const rows = await db
    .selectFrom('hxl_tags as t')
    .select((eb) => [
      't.id',
      't.tag_name',
      't.description',
      't.form_attribute_types',
      eb
        .selectFrom('hxl_tag_attributes as ta')
        .innerJoin('hxl_attributes as a', 'a.id', 'ta.attribute_id')
        .whereRef('ta.tag_id', '=', 't.id')
        .select(
          sql<
            HxlTagRow['attributes']
          >`coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'attribute', a.attribute, 'description', a.description) order by a.attribute), '[]')`.as(
            'list',
          ),
        )
        .as('attributes'),
    ])
    .orderBy('t.tag_name')
    .execute();
  return rows.map((row) => ({ ...row, attributes: row.attributes ?? [] }));
}

export const licenses = (db: Executor): Promise<HxlLicenseRow[]> => db.selectFrom('hxl_licenses').selectAll().orderBy('id').execute();

export const license = (db: Executor, id: number): Promise<HxlLicenseRow | undefined> =>
  db.selectFrom('hxl_licenses').selectAll().where('id', '=', id).executeTakeFirst();

export const metadataOfExport = (db: Executor, exportJobId: number) =>
  db.selectFrom('hxl_meta_data').selectAll().where('export_job_id', '=', exportJobId).executeTakeFirst();

export const metadataById = (db: Executor, id: number) =>
  db.selectFrom('hxl_meta_data').selectAll().where('id', '=', id).executeTakeFirst();

/** The caller's metadata (all of it for `userId` null), newest first. */
export const searchMetadata = (db: Executor, filter: { userId: number | null; exportJobId: number | null }) =>
  db
    .selectFrom('hxl_meta_data')
    .selectAll()
    .$if(filter.userId !== null, (q) => q.where('user_id', '=', filter.userId))
    .$if(filter.exportJobId !== null, (q) => q.where('export_job_id', '=', filter.exportJobId!))
    .orderBy('id', 'desc')
    .execute();

/** One metadata per export job: saving again replaces it. */
export const upsertMetadata = (db: Executor, values: Insertable<HxlMetaDataTable>, now: Date): Promise<HxlMetaDataRow> =>
  db
    .insertInto('hxl_meta_data')
    .values(values)
    .onConflict((oc) =>
      oc.column('export_job_id').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        organisation_id: eb.ref('excluded.organisation_id'),
        organisation_name: eb.ref('excluded.organisation_name'),
        dataset_title: eb.ref('excluded.dataset_title'),
        source: eb.ref('excluded.source'),
        license_id: eb.ref('excluded.license_id'),
        private: eb.ref('excluded.private'),
        description: eb.ref('excluded.description'),
        updated: now,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

/** A user's own exchange settings (`hdx_api_key`, `hdx_maintainer_id`), unmasked: for calls to the exchange only. */
export async function exchangeSettings(db: Executor, userId: number): Promise<{ apiKey: string | null; maintainer: string | null }> {
  const rows = await db
    .selectFrom('user_settings')
    .select(['config_key', 'config_value'])
    .where('user_id', '=', userId)
    .where('config_key', 'in', ['hdx_api_key', 'hdx_maintainer_id'])
    .execute();
  const value = (key: string) => rows.find((row) => row.config_key === key)?.config_value?.trim() || null;
  return { apiKey: value('hdx_api_key'), maintainer: value('hdx_maintainer_id') };
}

export const metadataOfExportForUpdate = (db: Executor, exportJobId: number) =>
  db.selectFrom('hxl_meta_data').selectAll().where('export_job_id', '=', exportJobId).forUpdate().executeTakeFirst();

export const updateMetadata = (db: Executor, id: number, values: Updateable<HxlMetaDataTable>, now: Date): Promise<HxlMetaDataRow> =>
  db
    .updateTable('hxl_meta_data')
    .set({ ...values, updated: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * Exports waiting on their upload (PENDING_HDX with their file and metadata saved); with
 * `lapsedAt`, only those no worker holds (its lease lapsed: a crashed process).
 */
export const pendingUploads = (db: Executor, lapsedAt: Date | null) =>
  db
    .selectFrom('export_jobs as e')
    .innerJoin('hxl_meta_data as m', 'm.export_job_id', 'e.id')
    .select(['e.id', 'm.upload_lease_until'])
    .where('e.status', '=', 'PENDING_HDX')
    .where('e.file_key', 'is not', null)
    .where('m.upload_stage', 'is not', null)
    .$if(lapsedAt !== null, (q) =>
      q.where((eb) => eb.or([eb('m.upload_lease_until', 'is', null), eb('m.upload_lease_until', '<', lapsedAt!)])),
    )
    .execute();
