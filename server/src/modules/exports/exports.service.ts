import { ExportJobBody, ExportMessages, type ExportListQuery, type Paging } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { isAdmin } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { invalid, notFound, parseBody } from '../../http/errors';
import { epochSeconds } from '../../http/urls';
import type { PostsModule } from '../posts/posts.module';
import { exportFiles } from './export-files';
import { createExportRunner } from './export.runner';
import { exportProgress } from './exports.presenter';
import { exportRule } from './exports.policy';
import * as repo from './exports.repository';

export type ExportsService = ReturnType<typeof createExportsService>;

const RESOURCE = 'export_job';

/** Export jobs (API-CONTRACT 14.5): ask for one, follow it, download its file, cancel it. */
export function createExportsService(
  ctx: AppContext,
  deps: { posts: PostsModule; hdxFileReady: (trx: Trx, exportId: number) => Promise<void> },
) {
  const files = exportFiles(ctx.config.dataDir);
  const runner = createExportRunner(ctx, { posts: deps.posts, files, hdxFileReady: deps.hdxFileReady });

  /** 404 beats 403 (API-CONTRACT 0). */
  async function load(auth: Auth, id: number) {
    const row = (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
    authorize(exportRule, auth, 'read', row);
    return row;
  }

  return {
    files,
    job: runner.job,
    resume: runner.resume,
    stop: runner.stop,

    assertCanCreate(auth: Auth) {
      authorize(exportRule, auth, 'create', null);
    },

    /** Answers PENDING at once; the job is enqueued in the same transaction as the row. */
    async create(auth: Auth & { userId: number }, body: unknown) {
      authorize(exportRule, auth, 'create', null);
      const data = parseBody(ExportJobBody, body, RESOURCE);
      // The filters are the post list's own: refused now (422) rather than failing in the job.
      await deps.posts.reads.searchOf(data.filters ?? {});
      if (data.fields) {
        const known = new Set((await ctx.db.selectFrom('form_attributes').select('key').execute()).map((a) => a.key));
        const unknown = data.fields.find((key) => !known.has(key));
        if (unknown !== undefined) invalid(RESOURCE, '/fields', `"${unknown}" is not a survey field`);
      }
      if (data.include_hxl && !data.hxl_heading_row?.length) invalid(RESOURCE, '/hxl_heading_row', ExportMessages.hxlTags);
      return ctx.tx(async (trx) => {
        const row = await repo.insert(trx, {
          user_id: auth.userId,
          format: data.format,
          fields: data.fields ? JSON.stringify(data.fields) : null,
          filters: JSON.stringify(data.filters ?? {}),
          include_hxl: data.include_hxl,
          hxl_heading_row: data.hxl_heading_row ? JSON.stringify(data.hxl_heading_row) : null,
          send_to_browser: data.send_to_browser,
          send_to_hdx: data.send_to_hdx,
          hxl_meta_data_id: data.hxl_meta_data_id ?? null,
        });
        await appendEvent(trx, {
          type: 'export.progressed',
          aggregateType: 'export',
          aggregateId: row.id,
          actorId: auth.userId,
          payload: exportProgress(row),
        });
        await ctx.jobs.send(trx, runner.job, { exportId: row.id });
        return row;
      });
    },

    get: load,

    /** Administrators list every job unless they ask for `user=me`; others only ever their own. */
    async search(auth: Auth, query: ExportListQuery, paging: Paging) {
      authorize(exportRule, auth, 'search', null);
      const own = query.user === 'me' || !isAdmin(auth);
      return repo.search(ctx.db, { userId: own ? auth.userId : null, notExpiredAt: query.max_expiration ?? null }, paging);
    },

    /**
     * `DELETE /exports/jobs/{id}` cancels: the job is deleted (200 with it as it was); a worker
     * writing it stops before its next batch and removes its partial file.
     */
    async cancel(auth: Auth, id: number) {
      const row = await load(auth, id);
      authorize(exportRule, auth, 'delete', row);
      const removed = await ctx.tx(async (trx) => {
        const locked = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        await repo.remove(trx, id);
        await appendEvent(trx, {
          type: 'export.cancelled',
          aggregateType: 'export',
          aggregateId: id,
          actorId: auth.userId,
          payload: exportProgress(locked),
        });
        return locked;
      });
      if (removed.file_key) await files.remove(files.pathOf(removed.file_key));
      return removed;
    },

    /** The file of a signed download URL, or null when the link is wrong, expired or its job gone. */
    async download(id: number, expires: number, signature: string) {
      const row = await repo.findById(ctx.db, id);
      if (!row?.file_key || !row.file_secret || !row.url_expiration) return null;
      if (row.url_expiration <= ctx.now() || epochSeconds(row.url_expiration) !== expires) return null;
      if (!files.isValid(row.file_secret, id, expires, signature)) return null;
      return { row, path: files.pathOf(row.file_key) };
    },
  };
}
