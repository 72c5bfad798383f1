import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { ExportStatus } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { requestsQuiet } from '../../http/in-flight';
import { exportJob } from '../../jobs/export.job';
import type { PostsModule } from '../posts/posts.module';
import type { ExportFiles } from './export-files';
import { exportReader, type ExportReader } from './export-reader';
import { csvHead, csvRow, GEOJSON_HEAD, GEOJSON_TAIL, geoJsonFeature } from './export-rows';
import { exportProgress } from './exports.presenter';
import * as repo from './exports.repository';

/**
 * Rows read per statement and rendered in one go: a few milliseconds of the event loop, the longest
 * a request waits behind the export (500 rows at a time doubled the newest-20 p95 in the bench).
 * Progress still commits every `batchRows` rows.
 */
const READ_ROWS = 250;
/**
 * Readers first: before each read the export waits for the requests being answered to be answered,
 * for at most this long, so a steady stream of requests slows it but never stops it.
 */
const READERS_FIRST_MS = 15;
/**
 * ...and only while it is ahead of this pace (50 s per million rows, inside issue 22's 60 s): it
 * gives readers the time it has to spare, never the time it needs.
 */
const PACE_MS_PER_ROW = 50_000 / 1_000_000;

/** Lets the event loop's other work run, then waits for the requests in flight, at most `spareMs`. */
async function stepAside(spareMs: number): Promise<void> {
  await yieldToOthers();
  if (spareMs > 0) await requestsQuiet(Math.min(READERS_FIRST_MS, spareMs));
}

type Claimed = repo.ExportJobRow & { lease_owner: string };
type EventType = 'export.progressed' | 'export.completed' | 'export.failed';

/** The requester as post reads see them: a job has no request, so no token to go by. */
export const requesterAuth = (user: { id: number; role: string | null; permissions: string[] }): Auth => ({
  hasToken: true,
  userId: user.id,
  role: user.role,
  permissions: new Set(user.permissions),
  scopes: new Set(['*']),
  clientId: null,
  tokenId: null,
  privateDeployment: false,
});

/** Writes `text` to the file, waiting when the disk is behind: at most one batch is ever held. */
async function write(stream: fs.WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: fs.WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Runs export jobs (DESIGN 5). The posts are read in keyset batches (by id, newest first), each a
 * short statement, so other work interleaves even on the embedded database's one connection; the
 * rows are written to the file as they come, and every `batchRows` rows the progress and its
 * `export.progressed` event commit together. The export gives way to the API's requests (see
 * `stepAside`) while it is ahead of its pace: it has time to spare, readers have none.
 * A worker killed mid-way leaves a partial file under its own name: whoever takes the job over
 * (after the claim lapses) writes a new file from the first row, so the finished file never holds
 * a row twice. The file is renamed into place before the transaction that says SUCCESS commits.
 */
export function createExportRunner(
  ctx: AppContext,
  deps: { posts: PostsModule; files: ExportFiles; hdxFileReady: (trx: Trx, exportId: number) => Promise<void> },
) {
  const { batchRows, leaseSeconds, urlTtlSeconds } = ctx.config.exports;
  const { files } = deps;
  const leaseEnd = (now: Date) => new Date(now.getTime() + leaseSeconds * 1000);
  let stopping = false;

  /**
   * Progress changes nothing post readers see: a plain transaction keeps the post read cache, and
   * the event reader is woken after commit as `ctx.tx` would.
   */
  async function progressTx<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    const result = await ctx.db.transaction().execute(fn);
    void ctx.reader.wake();
    return result;
  }

  const announce = (trx: Trx, type: EventType, row: repo.ExportJobRow) =>
    appendEvent(trx, { type, aggregateType: 'export', aggregateId: row.id, actorId: row.user_id, payload: exportProgress(row) });

  /** Takes the job unless it has ended or another worker's claim still runs; it starts again from row one. */
  const claim = (id: number): Promise<Claimed | null> =>
    progressTx(async (trx) => {
      const row = await repo.findForUpdate(trx, id);
      const now = ctx.now();
      if (!row || (row.status !== 'PENDING' && row.status !== 'QUEUED')) return null;
      if (row.lease_owner !== null && row.lease_until !== null && row.lease_until > now) return null;
      const claimed = await repo.update(
        trx,
        id,
        { status: 'QUEUED', processed_rows: 0, lease_owner: randomUUID(), lease_until: leaseEnd(now) },
        now,
      );
      await announce(trx, 'export.progressed', claimed);
      return claimed as Claimed;
    });

  /** Applies `change` if the job is still this worker's; false when it was cancelled or taken over. */
  const ifStillMine = (row: Claimed, change: (trx: Trx, current: repo.ExportJobRow) => Promise<void>): Promise<boolean> =>
    progressTx(async (trx) => {
      const current = await repo.findForUpdate(trx, row.id);
      if (!current || current.status !== 'QUEUED' || current.lease_owner !== row.lease_owner) return false;
      await change(trx, current);
      return true;
    });

  async function fail(row: Claimed, reason: string): Promise<void> {
    ctx.logger.error({ exportId: row.id, reason }, 'export failed');
    await ifStillMine(row, async (trx) => {
      const failed = await repo.update(trx, row.id, { status: 'FAILED', lease_owner: null, lease_until: null }, ctx.now());
      await announce(trx, 'export.failed', failed);
    });
  }

  /** A process shutting down gives its claim back, so the next start (or another node) takes the job at once. */
  const release = (row: Claimed) =>
    ifStillMine(row, async (trx) => {
      await repo.update(trx, row.id, { lease_owner: null, lease_until: null }, ctx.now());
    });

  async function writeFile(row: Claimed, reader: ExportReader, part: string): Promise<'done' | 'stopped'> {
    const stream = fs.createWriteStream(part, { flags: 'w' });
    const geojson = row.format === 'geojson';
    try {
      await write(stream, geojson ? GEOJSON_HEAD : csvHead(reader.columns, row.include_hxl));
      const readRows = Math.min(batchRows, READ_ROWS);
      const started = performance.now();
      let written = 0;
      let unreported = 0;
      let after: number | null = null;
      for (;;) {
        await stepAside(started + written * PACE_MS_PER_ROW - performance.now());
        const posts = await reader.batch(after, readRows);
        const last = posts.length < readRows;
        after = posts.at(-1)?.id ?? null;
        if (stopping) {
          await release(row);
          return 'stopped';
        }
        let text = '';
        for (const post of posts) {
          text += geojson
            ? `${written > 0 ? ',\n' : ''}${geoJsonFeature(reader.columns, post, reader.pointKeys)}`
            : csvRow(reader.columns, post);
          written++;
        }
        await write(stream, text);
        if (last) {
          if (geojson) await write(stream, GEOJSON_TAIL);
          await close(stream);
          return 'done';
        }
        unreported += posts.length;
        if (unreported < batchRows) continue;
        const done = unreported;
        unreported = 0;
        const mine = await ifStillMine(row, async (trx, current) => {
          const now = ctx.now();
          const updated = await repo.update(
            trx,
            row.id,
            { processed_rows: current.processed_rows + done, lease_until: leaseEnd(now) },
            now,
          );
          await announce(trx, 'export.progressed', updated);
        });
        if (!mine) return 'stopped';
      }
    } finally {
      if (!stream.closed) stream.destroy();
    }
  }

  async function finish(row: Claimed, part: string, written: number): Promise<void> {
    const key = files.keyOf(row.id, row.format === 'geojson' ? 'geojson' : 'csv');
    await fs.promises.rename(part, files.pathOf(key));
    const ended = await ifStillMine(row, async (trx) => {
      const now = ctx.now();
      // With send_to_hdx the file waits on our side for the exchange upload (API-CONTRACT 14.5 lifecycle).
      const status: ExportStatus = row.send_to_hdx ? 'PENDING_HDX' : 'SUCCESS';
      const done = await repo.update(
        trx,
        row.id,
        {
          status,
          processed_rows: written,
          file_key: key,
          file_secret: files.newSecret(),
          url_expiration: new Date(now.getTime() + urlTtlSeconds * 1000),
          lease_owner: null,
          lease_until: null,
        },
        now,
      );
      await announce(trx, 'export.progressed', done);
      await announce(trx, 'export.completed', done);
      if (row.send_to_hdx) await deps.hdxFileReady(trx, row.id);
    });
    // Cancelled while the last batch was written: nobody will ask for the file.
    if (!ended) await files.remove(files.pathOf(key));
  }

  async function run(id: number): Promise<void> {
    const row = await claim(id);
    if (!row) return;
    const part = files.partPath(row.id, row.lease_owner);
    // The claim was free: any partial file of this job is a dead attempt's.
    await files.removeParts(row.id);
    try {
      const user = row.user_id === null ? undefined : await repo.requester(ctx.db, row.user_id);
      if (!user) return await fail(row, 'the requesting user no longer exists');
      const reader = await exportReader(ctx, deps.posts, requesterAuth(user), row);
      const set = await ifStillMine(row, async (trx) => {
        await repo.update(
          trx,
          row.id,
          {
            total_rows: reader.total,
            total_batches: Math.max(1, Math.ceil(reader.total / batchRows)),
            header_row: JSON.stringify(reader.labels),
          },
          ctx.now(),
        );
      });
      if (!set) return;
      await files.ensureDir();
      const outcome = await writeFile(row, reader, part);
      if (outcome === 'done') await finish(row, part, reader.written());
    } catch (error) {
      if (stopping) return;
      ctx.logger.error({ err: error, exportId: id }, 'export stopped by an error');
      await fail(row, error instanceof Error ? error.message : String(error));
    } finally {
      await files.remove(part);
    }
  }

  /** Deletes files whose download URL has expired (the job stays listed, without a `url`). */
  async function removeExpired(): Promise<void> {
    for (const expired of await repo.expiredFiles(ctx.db, ctx.now())) {
      if (expired.file_key) await files.remove(files.pathOf(expired.file_key));
      await repo.update(ctx.db, expired.id, { file_key: null, file_secret: null }, ctx.now());
    }
  }

  /** Queues a run for unfinished jobs: all of them at start, those whose claim lapsed in the minute sweep. */
  async function resume(all: boolean): Promise<void> {
    const now = ctx.now();
    const rows = await repo.running(ctx.db, all ? null : now);
    if (rows.length === 0) return;
    await ctx.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const startAfter = row.lease_until && row.lease_until > now ? new Date(row.lease_until.getTime() + 500) : undefined;
        await ctx.jobs.send(trx, job, { exportId: row.id }, startAfter ? { startAfter } : {});
      }
    });
  }

  const job = exportJob(async (exportId) => {
    if (exportId !== undefined) return run(exportId);
    await removeExpired();
    await resume(false);
  });

  return {
    job,
    resume: () => resume(true),
    stop: () => {
      stopping = true;
    },
  };
}
