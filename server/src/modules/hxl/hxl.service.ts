import { HxlMessages, HxlMetadataBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { isAdmin } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { ApiError, deny, invalid, notFound, parseBody } from '../../http/errors';
import { hdxUploadJob } from '../../jobs/hdx-upload.job';
import type { ExportFiles } from '../exports/export-files';
import { exportProgress } from '../exports/exports.presenter';
import { exportRule } from '../exports/exports.policy';
import * as exportsRepo from '../exports/exports.repository';
import { CkanError, ckanClient } from './ckan.client';
import * as repo from './hxl.repository';

const RESOURCE = 'hxl_meta_data';

export type HxlService = ReturnType<typeof createHxlService>;

/** A CKAN dataset name (2-100 of a-z, 0-9, - and _), the same for every attempt at one export. */
export function datasetName(title: string, exportId: number): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'dataset'}-export-${exportId}`;
}

/**
 * HXL and the humanitarian data exchange (issue 22 item 5): the tags and licenses offered, the
 * caller's organisations on the exchange, the metadata of an export to upload, and the upload
 * (`hdx-upload` job) once an export with `send_to_hdx` has both its file and its metadata.
 * Everything is absent (404) while the `hxl` feature is off.
 */
export function createHxlService(ctx: AppContext, deps: { files: ExportFiles }) {
  const ckan = ckanClient(ctx.config.hdx);

  async function assertEnabled() {
    if (!(await ctx.settings.feature('hxl'))) throw new ApiError(404, 'The hxl feature is not enabled for your deployment.');
  }

  /** The exchange's answer as an envelope error: 502 when it refused, 504 when it did not answer. */
  function exchangeError(error: unknown): never {
    if (error instanceof CkanError) {
      ctx.logger.warn({ reason: error.message }, 'the humanitarian data exchange refused or timed out');
      throw error.kind === 'unreachable'
        ? new ApiError(504, HxlMessages.unreachable)
        : new ApiError(502, `${HxlMessages.refused}: ${error.message}`);
    }
    throw error;
  }

  const announce = (trx: Trx, type: 'export.completed' | 'export.failed', row: exportsRepo.ExportJobRow) =>
    appendEvent(trx, {
      type,
      aggregateType: 'export',
      aggregateId: row.id,
      actorId: row.user_id,
      payload: type === 'export.failed' ? { ...exportProgress(row), message: HxlMessages.uploadFailed } : exportProgress(row),
    });

  /** Ends a PENDING_HDX export (EXPORTED_TO_CDN or FAILED) and says so; nothing when it already ended. */
  async function end(exportId: number, status: 'EXPORTED_TO_CDN' | 'FAILED'): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await exportsRepo.findForUpdate(trx, exportId);
      if (!row || row.status !== 'PENDING_HDX') return;
      const ended = await exportsRepo.update(trx, exportId, { status }, ctx.now());
      await announce(trx, status === 'FAILED' ? 'export.failed' : 'export.completed', ended);
    });
    void ctx.reader.wake();
  }

  async function upload(exportId: number): Promise<void> {
    const row = await exportsRepo.findById(ctx.db, exportId);
    // Waits for whichever comes last, the file or the metadata: each queues this job.
    if (!row || row.status !== 'PENDING_HDX' || !row.file_key) return;
    const meta = await repo.metadataOfExport(ctx.db, exportId);
    if (!meta) return;
    const owner = meta.user_id ?? row.user_id;
    const settings = owner === null ? { apiKey: null, maintainer: null } : await repo.exchangeSettings(ctx.db, owner);
    const license = await repo.license(ctx.db, meta.license_id);
    if (!settings.apiKey || !license) {
      ctx.logger.error({ exportId }, 'exchange upload impossible: no API key or license');
      return end(exportId, 'FAILED');
    }
    const key = settings.apiKey;
    try {
      const name = datasetName(meta.dataset_title, exportId);
      const dataset =
        (await ckan.findPackage(key, name)) ??
        (await ckan.createPackage(key, {
          name,
          title: meta.dataset_title,
          owner_org: meta.organisation_id,
          license_id: license.code,
          private: meta.private,
          maintainer: settings.maintainer ?? undefined,
          dataset_source: meta.source,
          notes: meta.description ?? meta.dataset_title,
          methodology: 'Other',
          methodology_other: 'Crowdsourced reports',
          data_update_frequency: '-1',
        }));
      const fileName = `export-${exportId}.${row.format}`;
      if (!dataset.resources?.some((resource) => resource.name === fileName)) {
        await ckan.createResource(key, {
          packageId: dataset.id,
          name: fileName,
          format: row.format === 'geojson' ? 'GeoJSON' : 'CSV',
          path: deps.files.pathOf(row.file_key),
          mime: row.format === 'geojson' ? 'application/geo+json' : 'text/csv',
        });
      }
      ctx.logger.info({ exportId, dataset: name }, 'export uploaded to the humanitarian data exchange');
      await end(exportId, 'EXPORTED_TO_CDN');
    } catch (error) {
      if (!(error instanceof CkanError)) throw error;
      ctx.logger.error({ exportId, reason: error.message }, 'exchange upload failed');
      await end(exportId, 'FAILED');
    }
  }

  const job = hdxUploadJob(upload);

  return {
    assertEnabled,
    job,

    /** Queues the upload in the transaction that made the export ready for it (its file, or its metadata). */
    queueUpload: (trx: Trx, exportId: number) => ctx.jobs.send(trx, job, { exportId }),

    tags: () => repo.tags(ctx.db),
    licenses: () => repo.licenses(ctx.db),

    async organisations(auth: Auth) {
      const userId = auth.userId ?? deny(auth);
      const { apiKey } = await repo.exchangeSettings(ctx.db, userId);
      if (!apiKey) throw new ApiError(422, HxlMessages.noKey);
      const organisations = await ckan.organisations(apiKey).catch(exchangeError);
      return organisations.map(({ id, name, title }) => ({ id, name, title }));
    },

    async searchMetadata(auth: Auth, exportJobId: number | null) {
      authorize(exportRule, auth, 'search', null);
      return repo.searchMetadata(ctx.db, { userId: isAdmin(auth) ? null : auth.userId, exportJobId });
    },

    async getMetadata(auth: Auth, id: number) {
      const row = (await repo.metadataById(ctx.db, id)) ?? notFound(RESOURCE, id);
      authorize(exportRule, auth, 'read', { user_id: row.user_id });
      return row;
    },

    /** Saves the metadata of one of the caller's exchange exports; the upload starts once its file is ready too. */
    async saveMetadata(auth: Auth, body: unknown) {
      authorize(exportRule, auth, 'create', null);
      const userId = auth.userId ?? deny(auth);
      const data = parseBody(HxlMetadataBody, body, RESOURCE);
      const exportRow = await exportsRepo.findById(ctx.db, data.export_job_id);
      if (!exportRow || !exportRow.send_to_hdx || !exportRule(auth, 'update', exportRow))
        invalid(RESOURCE, '/export_job_id', HxlMessages.exportJob);
      if (!(await repo.license(ctx.db, data.license_id))) invalid(RESOURCE, '/license_id', HxlMessages.license);
      const saved = await ctx.tx(async (trx) => {
        const row = await repo.upsertMetadata(
          trx,
          {
            export_job_id: data.export_job_id,
            user_id: userId,
            organisation_id: data.organisation_id,
            organisation_name: data.organisation_name ?? null,
            dataset_title: data.dataset_title,
            source: data.source,
            license_id: data.license_id,
            private: data.private,
            description: data.description ?? null,
          },
          ctx.now(),
        );
        await exportsRepo.update(trx, data.export_job_id, { hxl_meta_data_id: row.id }, ctx.now());
        await ctx.jobs.send(trx, job, { exportId: data.export_job_id });
        return row;
      });
      return saved;
    },
  };
}
