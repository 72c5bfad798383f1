import { HxlMessages, type ExportUpload } from '@platform/shared';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { hdxUploadJob } from '../../jobs/hdx-upload.job';
import type { ExportFiles } from '../exports/export-files';
import { exportProgress } from '../exports/exports.presenter';
import * as exportsRepo from '../exports/exports.repository';
import { CkanError, type CkanClient } from './ckan.client';
import * as repo from './hxl.repository';

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
 * Uploads exports to the humanitarian data exchange (`hdx-upload` job). Each stage (queued,
 * dataset, file) is recorded on the export's metadata with its `export.upload_progressed` event in
 * one transaction, and so is the end (`export.completed` with the dataset's page, or
 * `export.failed` with the exchange's answer). A worker holds an upload by its lease: one killed
 * mid-way is taken over once the lease lapses, and the new attempt finds the dataset and the file
 * the first one created (by name) instead of creating them again.
 */
export function createHdxUploadRunner(ctx: AppContext, deps: { files: ExportFiles; ckan: CkanClient }) {
  const { ckan } = deps;
  /** The export's event, its payload the export's progress with how far the upload went. */
  const announce = (
    trx: Trx,
    type: 'export.upload_progressed' | 'export.completed' | 'export.failed',
    row: exportsRepo.ExportJobRow,
    upload: Omit<ExportUpload, keyof ReturnType<typeof exportProgress>>,
  ) =>
    appendEvent(trx, {
      type,
      aggregateType: 'export',
      aggregateId: row.id,
      actorId: row.user_id,
      payload: { ...exportProgress(row), ...upload } satisfies ExportUpload,
    });

  /** How long a worker holds an upload: its calls to the exchange (each bounded by the timeout) and some slack. */
  const leaseEnd = (now: Date) => new Date(now.getTime() + 2 * ctx.config.hdx.timeoutMs + 10_000);

  async function inTx<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    const result = await ctx.db.transaction().execute(fn);
    void ctx.reader.wake();
    return result;
  }

  /**
   * Takes the upload (stage `dataset`) unless it has ended, is not ready (file and metadata), or
   * another worker's lease still runs; the lease it sets is this attempt's mark.
   */
  const claim = (exportId: number) =>
    inTx(async (trx) => {
      const row = await exportsRepo.findForUpdate(trx, exportId);
      if (!row || row.status !== 'PENDING_HDX' || !row.file_key) return null;
      const meta = await repo.metadataOfExportForUpdate(trx, exportId);
      const now = ctx.now();
      if (!meta || (meta.upload_lease_until !== null && meta.upload_lease_until > now)) return null;
      const claimed = await repo.updateMetadata(
        trx,
        meta.id,
        { upload_stage: 'dataset', upload_lease_until: leaseEnd(now), upload_error: null },
        now,
      );
      await announce(trx, 'export.upload_progressed', row, { stage: 'dataset' });
      return { row, meta: claimed, lease: claimed.upload_lease_until! };
    });

  /** The dataset is there: stage `file`, the lease renewed; false when the upload is no longer this attempt's. */
  const uploadingFile = (exportId: number, lease: Date, datasetUrl: string) =>
    inTx(async (trx) => {
      const row = await exportsRepo.findForUpdate(trx, exportId);
      const meta = await repo.metadataOfExportForUpdate(trx, exportId);
      if (!row || !meta || row.status !== 'PENDING_HDX' || meta.upload_lease_until?.getTime() !== lease.getTime()) return null;
      const now = ctx.now();
      const renewed = await repo.updateMetadata(
        trx,
        meta.id,
        { upload_stage: 'file', upload_lease_until: leaseEnd(now), dataset_url: datasetUrl },
        now,
      );
      await announce(trx, 'export.upload_progressed', row, { stage: 'file', dataset_url: datasetUrl });
      return renewed.upload_lease_until!;
    });

  /**
   * Ends a PENDING_HDX export, EXPORTED_TO_CDN with its dataset's page or FAILED with the
   * exchange's answer, and says so in the same transaction; nothing when it already ended.
   */
  async function end(exportId: number, outcome: { datasetUrl: string } | { reason: string }): Promise<void> {
    await inTx(async (trx) => {
      const row = await exportsRepo.findForUpdate(trx, exportId);
      if (!row || row.status !== 'PENDING_HDX') return;
      const failed = 'reason' in outcome;
      const ended = await exportsRepo.update(trx, exportId, { status: failed ? 'FAILED' : 'EXPORTED_TO_CDN' }, ctx.now());
      const meta = await repo.metadataOfExportForUpdate(trx, exportId);
      if (meta)
        await repo.updateMetadata(
          trx,
          meta.id,
          failed
            ? { upload_stage: null, upload_lease_until: null, upload_error: outcome.reason }
            : { upload_stage: null, upload_lease_until: null, dataset_url: outcome.datasetUrl, upload_error: null },
          ctx.now(),
        );
      await (failed
        ? announce(trx, 'export.failed', ended, { message: HxlMessages.uploadFailed, reason: outcome.reason })
        : announce(trx, 'export.completed', ended, { dataset_url: outcome.datasetUrl }));
    });
  }

  async function upload(exportId: number): Promise<void> {
    // Waits for whichever comes last, the file or the metadata: each queues this job.
    const claimed = await claim(exportId);
    if (!claimed) return;
    const { row, meta } = claimed;
    const owner = meta.user_id ?? row.user_id;
    const settings = owner === null ? { apiKey: null, maintainer: null } : await repo.exchangeSettings(ctx.db, owner);
    const license = await repo.license(ctx.db, meta.license_id);
    if (!settings.apiKey || !license) {
      ctx.logger.error({ exportId }, 'exchange upload impossible: no API key or license');
      return end(exportId, { reason: settings.apiKey ? HxlMessages.license : HxlMessages.noKey });
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
      const datasetUrl = ckan.datasetUrl(dataset.name);
      // Taken over by another worker meanwhile (this one was too slow for its lease): that one finishes.
      if (!(await uploadingFile(exportId, claimed.lease, datasetUrl))) return;
      const fileName = `export-${exportId}.${row.format}`;
      if (!dataset.resources?.some((resource) => resource.name === fileName)) {
        await ckan.createResource(key, {
          packageId: dataset.id,
          name: fileName,
          format: row.format === 'geojson' ? 'GeoJSON' : 'CSV',
          path: deps.files.pathOf(row.file_key!),
          mime: row.format === 'geojson' ? 'application/geo+json' : 'text/csv',
        });
      }
      ctx.logger.info({ exportId, dataset: name }, 'export uploaded to the humanitarian data exchange');
      await end(exportId, { datasetUrl });
    } catch (error) {
      if (!(error instanceof CkanError)) throw error;
      ctx.logger.error({ exportId, reason: error.message }, 'exchange upload failed');
      await end(exportId, { reason: error.message });
    }
  }

  /** Queues uploads left to do: all of them at start, those whose worker's lease lapsed in the minute sweep. */
  async function resume(all: boolean): Promise<void> {
    const now = ctx.now();
    const rows = await repo.pendingUploads(ctx.db, all ? null : now);
    if (rows.length === 0) return;
    await ctx.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const lease = row.upload_lease_until;
        const startAfter = lease && lease > now ? new Date(lease.getTime() + 500) : undefined;
        await ctx.jobs.send(trx, job, { exportId: row.id }, startAfter ? { startAfter } : {});
      }
    });
  }

  const job = hdxUploadJob((exportId) => (exportId === undefined ? resume(false) : upload(exportId)));

  return {
    job,
    /** At start: uploads a crashed process left mid-way are taken up again once its lease lapses. */
    resume: () => resume(true),

    /** The upload was asked for (its metadata saved): followers see it queued. */
    async markQueued(trx: Trx, meta: repo.HxlMetaDataRow, row: exportsRepo.ExportJobRow): Promise<repo.HxlMetaDataRow> {
      const queued = await repo.updateMetadata(trx, meta.id, { upload_stage: 'queued' }, ctx.now());
      await announce(trx, 'export.upload_progressed', row, { stage: 'queued' });
      return queued;
    },
  };
}
