import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Auth } from '../../auth/auth';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { ApiError, ValidationError } from '../../http/errors';
import { csvImportJob } from '../../jobs/csv-import.job';
import type { SetsService } from '../sets/sets.service';
import type { PostsModule } from '../posts/posts.module';
import type { FormReads, NewPost } from '../posts/post-writes.service';
import { csvRecords, type CsvRecord } from './csv.parser';
import { createRowMapper, type RowMapper } from './csv.mapping';
import { importProgress } from './csv.presenter';
import * as repo from './csv.repository';
import { CsvMessages } from '@platform/shared';

type Deps = { posts: PostsModule; sets: SetsService };
type Job = { auth: Auth; mapper: RowMapper; limit: number | null; setId: number | null; columns: number };
type BatchOutcome = { processed: number; refusals: repo.CsvRowError[]; refusedRows: number };

/** A row with more cells than the header has columns is refused before anything else. */
const tooManyCells = (record: CsvRecord, job: Job): repo.CsvRowError[] | null =>
  record.cells.length > job.columns
    ? [{ row: record.row, column: null, reason: CsvMessages.tooManyCells(record.cells.length, job.columns) }]
    : null;
type Claimed = repo.CsvImportRow & { lease_owner: string };

/** The importing user as post writes see them: a job has no request, so no token to go by. */
const importerAuth = (user: { id: number; role: string | null; permissions: string[] }): Auth => ({
  hasToken: true,
  userId: user.id,
  role: user.role,
  permissions: new Set(user.permissions),
  scopes: new Set(['*']),
  clientId: null,
  tokenId: null,
  privateDeployment: false,
});

/**
 * A batch but the last commits without waiting for its WAL to reach the disk (about 5 ms a batch
 * on this machine). A killed worker loses nothing by it: the commit is the database's, not the
 * worker's. Only a crash of the database itself (or of a node running the embedded one) can lose
 * the last such commits, and then whole: a batch's posts, refusals, events and checkpoint are one
 * transaction and WAL replays in order, so the import is back at an earlier checkpoint with
 * nothing of the later batches, and the resumed run writes them again (no row twice, none
 * missing). The last batch commits synchronously, which flushes every batch before it: once
 * `import.completed` is announced, the whole import is on disk.
 */
const asynchronousCommit = (trx: Trx) => sql`set local synchronous_commit = off`.execute(trx);

/** Why a row was refused: one entry per failing field, with the column it came from when known. */
function refusal(record: CsvRecord, error: unknown, mapper: RowMapper): repo.CsvRowError[] | null {
  if (error instanceof ValidationError)
    return error.fields.map((field) => ({ row: record.row, column: mapper.columnOf(field), reason: field.message }));
  if (error instanceof ApiError) return [{ row: record.row, column: null, reason: error.message }];
  return null;
}

/**
 * Runs CSV imports as jobs (DESIGN 5). Each batch of rows is one transaction holding the rows'
 * posts, their collection memberships, their refusals, the checkpoint and the `import.progressed`
 * event: a worker killed mid-import loses at most an uncommitted batch, and whoever resumes starts
 * from the checkpoint, so no row is written twice. A claim (lease) renewed by every batch tells a
 * live worker from a dead one.
 */
export function createImportRunner(ctx: AppContext, deps: Deps) {
  const { batchRows, leaseSeconds } = ctx.config.csvImport;
  const leaseEnd = (now: Date) => new Date(now.getTime() + leaseSeconds * 1000);
  let stopping = false;

  const announce = (trx: Trx, type: 'import.progressed' | 'import.completed' | 'import.failed', row: repo.CsvImportRow) =>
    appendEvent(trx, { type, aggregateType: 'import', aggregateId: row.id, actorId: row.user_id, payload: importProgress(row) });

  /** Takes the import unless it is finished or another worker's claim still runs. */
  const claim = (importId: number): Promise<Claimed | null> =>
    ctx.tx(async (trx) => {
      const row = await repo.findForUpdate(trx, importId);
      const now = ctx.now();
      if (!row || row.status !== 'PENDING') return null;
      if (row.lease_owner !== null && row.lease_until !== null && row.lease_until > now) return null;
      const owner = randomUUID();
      return (await repo.update(trx, importId, { lease_owner: owner, lease_until: leaseEnd(now) }, now)) as Claimed;
    });

  async function fail(importId: number, owner: string, reason: string): Promise<void> {
    ctx.logger.error({ importId, reason }, 'CSV import failed');
    await ctx.tx(async (trx) => {
      const row = await repo.findForUpdate(trx, importId);
      if (!row || row.status !== 'PENDING' || row.lease_owner !== owner) return;
      const failed = await repo.update(trx, importId, { status: 'FAILED', lease_owner: null, lease_until: null }, ctx.now());
      await announce(trx, 'import.failed', failed);
    });
  }

  /** A process shutting down gives its claim back, so the next start (or another node) resumes at once. */
  async function release(importId: number, owner: string): Promise<void> {
    await ctx.tx(async (trx) => {
      const row = await repo.findForUpdate(trx, importId);
      if (row?.status === 'PENDING' && row.lease_owner === owner)
        await repo.update(trx, importId, { lease_owner: null, lease_until: null }, ctx.now());
    });
  }

  /** One row through the post create path, inside a savepoint so a refused row leaves the batch intact. */
  async function writeRow(trx: Trx, job: Job, record: CsvRecord) {
    await sql`savepoint csv_row`.execute(trx);
    try {
      const post = await deps.posts.writes.createInTransaction(trx, job.auth, job.mapper.toBody(record.cells), {
        limit: job.limit,
        now: ctx.now(),
      });
      if (job.setId !== null) await deps.sets.addImportedPost(trx, job.setId, post.id);
      await sql`release savepoint csv_row`.execute(trx);
      return null;
    } catch (error) {
      await sql`rollback to savepoint csv_row`.execute(trx);
      const refused = refusal(record, error, job.mapper);
      if (refused) return refused;
      ctx.logger.error({ err: error, row: record.row }, 'CSV import row could not be saved');
      return [{ row: record.row, column: null, reason: CsvMessages.rowUnsaved }];
    }
  }

  /** Every row through the post create path, one savepoint each: the path of a batch that could not be written together. */
  async function writeRowByRow(trx: Trx, job: Job, batch: CsvRecord[]): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { processed: 0, refusals: [], refusedRows: 0 };
    for (const record of batch) {
      if (record.blank) continue;
      const refused = tooManyCells(record, job) ?? (await writeRow(trx, job, record));
      if (refused) {
        outcome.refusals.push(...refused);
        outcome.refusedRows++;
      } else outcome.processed++;
    }
    return outcome;
  }

  /**
   * The batch written together: each row is checked by the post create path (the survey read once
   * for the batch), then the accepted rows are stored with their points, categories, events and
   * collection memberships in one statement per table.
   */
  async function writeTogether(trx: Trx, job: Job, batch: CsvRecord[]): Promise<BatchOutcome> {
    const forms: FormReads = new Map();
    const prepared: NewPost[] = [];
    const refusals: repo.CsvRowError[] = [];
    let refusedRows = 0;
    for (const record of batch) {
      if (record.blank) continue;
      let refused = tooManyCells(record, job);
      if (!refused) {
        try {
          const body = job.mapper.toBody(record.cells);
          prepared.push(await deps.posts.writes.prepareInTransaction(trx, job.auth, body, { now: ctx.now(), forms }));
        } catch (error) {
          refused = refusal(record, error, job.mapper);
          // Anything but a refusal: the batch goes row by row, where the row is told apart.
          if (!refused) throw error;
        }
      }
      if (refused) {
        refusals.push(...refused);
        refusedRows++;
      }
    }
    const posts = await deps.posts.writes.writeInTransaction(trx, prepared);
    if (job.setId !== null)
      await deps.sets.addImportedPosts(
        trx,
        job.setId,
        posts.map((post) => post.id),
      );
    return { processed: posts.length, refusals, refusedRows };
  }

  /**
   * A batch is written together when it can be (no posts limit to count against as rows are
   * written); should that fail for anything but a refused row, it is undone and written row by row.
   */
  async function writeBatch(trx: Trx, job: Job, batch: CsvRecord[]): Promise<BatchOutcome> {
    if (job.limit === null) {
      await sql`savepoint csv_batch`.execute(trx);
      try {
        const outcome = await writeTogether(trx, job, batch);
        await sql`release savepoint csv_batch`.execute(trx);
        return outcome;
      } catch (error) {
        await sql`rollback to savepoint csv_batch`.execute(trx);
        ctx.logger.warn({ err: error }, 'CSV import batch could not be written together: writing it row by row');
      }
    }
    return writeRowByRow(trx, job, batch);
  }

  async function importBatches(row: Claimed): Promise<void> {
    const [content, user] = await Promise.all([
      repo.contentOf(ctx.db, row.id),
      row.user_id ? repo.importer(ctx.db, row.user_id) : undefined,
    ]);
    if (!content || !row.maps_to || !row.fixed) return fail(row.id, row.lease_owner, 'the file or its mapping is gone');
    if (!user) return fail(row.id, row.lease_owner, 'the importing user no longer exists');
    const context = await deps.posts.formContext(ctx.db, row.fixed.form);
    const job = {
      auth: importerAuth(user),
      mapper: createRowMapper(row.columns, row.maps_to, context?.attributes ?? [], row.fixed),
      // Read through the pool before any batch: the embedded database runs one transaction at a time.
      limit: await ctx.settings.limit('posts'),
      setId: row.collection_id,
      columns: row.columns.length,
    };
    const records = csvRecords(content, row.next_row)[Symbol.asyncIterator]();
    let next = await records.next();
    let position = row.next_row;
    for (;;) {
      if (stopping) return release(row.id, row.lease_owner);
      const batch: CsvRecord[] = [];
      while (batch.length < batchRows && !next.done) {
        batch.push(next.value);
        next = await records.next();
      }
      const exhausted = next.done === true;
      const more = await ctx.tx(async (trx) => {
        if (!exhausted) await asynchronousCommit(trx);
        const current = await repo.findForUpdate(trx, row.id);
        // Cancelled, or taken over by another worker after this one stalled: stop without writing.
        if (!current || current.status !== 'PENDING' || current.lease_owner !== row.lease_owner || current.next_row !== position)
          return false;
        const { processed, refusals, refusedRows } = await writeBatch(trx, job, batch);
        await repo.addErrors(trx, row.id, refusals);
        const now = ctx.now();
        const nextRow = batch.length > 0 ? batch[batch.length - 1]!.index + 1 : position;
        const done = { status: 'SUCCESS' as const, completed: true, lease_owner: null, lease_until: null, dropContent: true };
        const updated = await repo.update(
          trx,
          row.id,
          {
            processed: current.processed + processed,
            errors: current.errors + refusedRows,
            next_row: nextRow,
            lease_until: leaseEnd(now),
            ...(exhausted ? done : {}),
          },
          now,
        );
        await announce(trx, 'import.progressed', updated);
        if (exhausted) await announce(trx, 'import.completed', updated);
        position = nextRow;
        return !exhausted;
      });
      if (!more) return;
    }
  }

  async function run(importId: number): Promise<void> {
    const row = await claim(importId);
    if (!row) return;
    try {
      await importBatches(row);
    } catch (error) {
      if (stopping) return;
      ctx.logger.error({ err: error, importId }, 'CSV import stopped by an error');
      await fail(importId, row.lease_owner, error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Queues a run for every import still running: at start for all of them (each run waits for its
   * claim to lapse, so a live worker elsewhere keeps its import), in the minute sweep for those
   * whose claim has lapsed.
   */
  async function resume(all: boolean): Promise<void> {
    const now = ctx.now();
    const rows = await repo.running(ctx.db, all ? null : now);
    if (rows.length === 0) return;
    await ctx.tx(async (trx) => {
      for (const row of rows) {
        const startAfter = row.lease_until && row.lease_until > now ? new Date(row.lease_until.getTime() + 500) : undefined;
        await ctx.jobs.send(trx, job, { importId: row.id }, startAfter ? { startAfter } : {});
      }
    });
  }

  const job = csvImportJob((importId) => (importId === undefined ? resume(false) : run(importId)));

  return {
    job,
    resume: () => resume(true),
    /** A stopping process leaves its import mid-way; the next start (or another node) resumes it. */
    stop: () => {
      stopping = true;
    },
  };
}
