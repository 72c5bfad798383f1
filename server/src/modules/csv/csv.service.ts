import { CSV_MIME_TYPES, CsvMappingBody, CsvMessages, isDbIdText, type Paging } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { ApiError, invalid, notFound, parseBody, ValidationError } from '../../http/errors';
import type { SetsService } from '../sets/sets.service';
import type { PostsModule } from '../posts/posts.module';
import { createImportRunner } from './csv-import.runner';
import { checkMapping, normalizeMapsTo } from './csv.mapping';
import { CsvFileError, inspectCsv } from './csv.parser';
import { csvRule } from './csv.policy';
import { errorReportCsv, importProgress } from './csv.presenter';
import * as repo from './csv.repository';

export type CsvService = ReturnType<typeof createCsvService>;
export type CsvUpload = { file?: { buffer: Buffer; mimetype: string; originalname: string }; formId?: unknown };

const RESOURCE = 'csv';
const COLLECTION_NAME_MAX = 255;

/** `text/csv; charset=utf-8` is `text/csv`. */
const baseMime = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

/**
 * CSV import (API-CONTRACT 14.4): upload, map, start, follow, cancel. The file is checked whole at
 * upload (type, encoding, quoting, header), so the job only meets rows to judge, never a broken file.
 */
export function createCsvService(ctx: AppContext, deps: { posts: PostsModule; sets: SetsService }) {
  const runner = createImportRunner(ctx, deps);

  /** 404 beats 403 (API-CONTRACT 0). */
  async function load(auth: Auth, id: number) {
    const row = (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
    authorize(csvRule, auth, 'read', row);
    return row;
  }

  return {
    job: runner.job,
    resume: runner.resume,
    stop: runner.stop,

    /** The whole resource is absent (404) while the `data-import` feature is off. */
    async assertEnabled() {
      if (!(await ctx.settings.feature('data-import'))) throw new ApiError(404, 'That URL does not exist');
    },

    assertCanCreate(auth: Auth) {
      authorize(csvRule, auth, 'create', null);
    },

    async upload(auth: Auth & { userId: number }, upload: CsvUpload) {
      authorize(csvRule, auth, 'create', null);
      const file = upload.file ?? invalid(RESOURCE, '/file', CsvMessages.fileMissing);
      if (!(CSV_MIME_TYPES as readonly string[]).includes(baseMime(file.mimetype))) invalid(RESOURCE, '/mime', CsvMessages.fileType);
      if (file.buffer.length === 0) invalid(RESOURCE, '/file', CsvMessages.fileEmpty);
      const inspected = await inspectCsv(file.buffer).catch((error: unknown) => {
        if (error instanceof CsvFileError)
          return invalid(RESOURCE, error.message === CsvMessages.fileType ? '/mime' : '/file', error.message);
        throw error;
      });
      const row = await repo.insert(ctx.db, {
        userId: auth.userId,
        filename: file.originalname.slice(0, 255) || 'import.csv',
        mime: baseMime(file.mimetype),
        content: file.buffer,
        ...inspected,
      });
      // `form_id` sent with the file (the web client's step 1) is where the mapping will point.
      const formId = typeof upload.formId === 'string' && isDbIdText(upload.formId) ? Number(upload.formId) : null;
      return formId === null
        ? row
        : repo.saveMapping(
            ctx.db,
            row.id,
            row.columns.map(() => null),
            { form: formId },
            ctx.now(),
          );
    },

    get: load,

    async search(auth: Auth, paging: Paging) {
      authorize(csvRule, auth, 'search', null);
      return repo.search(ctx.db, paging);
    },

    async map(auth: Auth, id: number, body: unknown) {
      const row = await load(auth, id);
      authorize(csvRule, auth, 'update', row);
      const data = parseBody(CsvMappingBody, body, RESOURCE);
      if (row.status !== null) invalid(RESOURCE, '/status', CsvMessages.alreadyStarted);
      const targets = normalizeMapsTo(data.maps_to, row.columns.length);
      if (!Array.isArray(targets)) throw new ValidationError(RESOURCE, [targets]);
      const context = await deps.posts.formContext(ctx.db, data.fixed.form);
      if (!context) invalid(RESOURCE, '/fixed', CsvMessages.formMissing(data.fixed.form));
      const problems = checkMapping(targets, context!.attributes);
      if (problems.length > 0) throw new ValidationError(RESOURCE, problems);
      const { form, status, tags, published_to } = data.fixed;
      const fixed = {
        form,
        ...(status ? { status } : {}),
        ...(tags?.length ? { tags } : {}),
        ...(published_to?.length ? { published_to } : {}),
      };
      return repo.saveMapping(ctx.db, id, targets, fixed, ctx.now());
    },

    /** Answers at once with PENDING; the rows are written by the job (API-CONTRACT 14.4 item 3). */
    async start(auth: Auth & { userId: number }, id: number) {
      const row = await load(auth, id);
      authorize(csvRule, auth, 'update', row);
      if (row.status !== null) invalid(RESOURCE, '/status', CsvMessages.alreadyStarted);
      if (!row.maps_to || !row.fixed || row.maps_to.every((t) => t === null)) invalid(RESOURCE, '/maps_to', CsvMessages.mappingRequired);
      return ctx.tx(async (trx: Trx) => {
        const locked = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        if (locked.status !== null) invalid(RESOURCE, '/status', CsvMessages.alreadyStarted);
        const collection = await deps.sets.createForImport(trx, auth.userId, row.filename.slice(0, COLLECTION_NAME_MAX));
        const started = await repo.update(trx, id, { status: 'PENDING', collection_id: collection.id }, ctx.now());
        await appendEvent(trx, {
          type: 'import.progressed',
          aggregateType: 'import',
          aggregateId: id,
          actorId: auth.userId,
          payload: importProgress(started),
        });
        // Enqueued in this transaction: a rolled-back start leaves no job behind.
        await ctx.jobs.send(trx, runner.job, { importId: id });
        return started;
      });
    },

    /**
     * `DELETE /csv/{id}` (the client's cancel): a running import stops before its next batch and
     * stays readable as CANCELLED, keeping what it wrote; any other import is deleted.
     */
    async cancel(auth: Auth, id: number) {
      const row = await load(auth, id);
      authorize(csvRule, auth, 'delete', row);
      return ctx.tx(async (trx) => {
        const locked = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        if (locked.status !== 'PENDING') {
          await repo.remove(trx, id);
          return locked;
        }
        const cancelled = await repo.update(
          trx,
          id,
          { status: 'CANCELLED', lease_owner: null, lease_until: null, dropContent: true },
          ctx.now(),
        );
        await appendEvent(trx, {
          type: 'import.cancelled',
          aggregateType: 'import',
          aggregateId: id,
          actorId: auth.userId,
          payload: importProgress(cancelled),
        });
        return cancelled;
      });
    },

    /** The refused rows as a CSV file (row, column, reason). */
    async errorReport(auth: Auth, id: number) {
      const row = await load(auth, id);
      return { row, csv: errorReportCsv(await repo.errorsOf(ctx.db, id)) };
    },
  };
}
