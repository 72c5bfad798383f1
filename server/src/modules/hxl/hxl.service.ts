import { HxlMessages, HxlMetadataBody, type ExportStatus } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { isAdmin } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { ApiError, deny, invalid, notFound, parseBody } from '../../http/errors';
import type { ExportFiles } from '../exports/export-files';
import { exportRule } from '../exports/exports.policy';
import * as exportsRepo from '../exports/exports.repository';
import { CkanError, ckanClient } from './ckan.client';
import { createHdxUploadRunner } from './hdx-upload.runner';
import * as repo from './hxl.repository';

const RESOURCE = 'hxl_meta_data';

/** Export statuses an upload can still follow: the file being written, or written and waiting. */
const UPLOADABLE: readonly ExportStatus[] = ['PENDING', 'QUEUED', 'PENDING_HDX'];

export type HxlService = ReturnType<typeof createHxlService>;

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

  const uploads = createHdxUploadRunner(ctx, { files: deps.files, ckan });
  const { job } = uploads;

  return {
    assertEnabled,
    job,
    /** At start: uploads a crashed process left mid-way are taken up again once its lease lapses. */
    resume: uploads.resume,

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
        const exportNow = await exportsRepo.update(trx, data.export_job_id, { hxl_meta_data_id: row.id }, ctx.now());
        await ctx.jobs.send(trx, job, { exportId: data.export_job_id });
        // Asked for now (and not already under way or ended): followers see it queued.
        if (row.upload_stage !== null || !UPLOADABLE.includes(exportNow.status)) return row;
        return uploads.markQueued(trx, row, exportNow);
      });
      return saved;
    },
  };
}
