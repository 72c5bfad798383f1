import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { DurableNodeFS } from './durable-nodefs';
import { explainFailedStart } from './embedded-recovery';
import { slimPostgis } from './postgis-bundle';

/** Frontend messages after which the connection's extended-protocol batch is over (Sync, simple Query, Terminate). */
const BATCH_ENDS = new Set(['S', 'Q', 'X'].map((c) => c.charCodeAt(0)));
/** Messages that open or continue a batch (Parse, Bind, Describe, Execute, Close, Flush). */
const BATCH_PARTS = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));

/**
 * pglite-socket queues every frontend message of every connection on the one PGlite session and
 * keeps a connection's turn only while a transaction is open. A Parse/Bind/Execute/Sync batch is
 * not a transaction, so two connections' batches interleaved: one bound its values to the other's
 * unnamed statement (a 500, or rows of the wrong query). Seen from the queue, this session is "in a
 * transaction" from the first message of a batch until its Sync, so the batch runs whole.
 * (electric-sql/pglite#1046, open in pglite-socket 0.2.17.)
 */
export function withWholeBatches(db: PGlite): PGlite {
  let midBatch = false;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'isInTransaction') return () => midBatch || target.isInTransaction();
      if (property === 'execProtocolRawStream')
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0] ?? 0;
          if (BATCH_PARTS.has(type)) midBatch = true;
          else if (BATCH_ENDS.has(type)) midBatch = false;
          return target.execProtocolRawStream(message, options);
        };
      // A connection that went away mid-batch is rolled back by the queue: its turn ends there.
      if (property === 'exec')
        return (query: string, options?: Parameters<PGlite['exec']>[1]) => {
          if (/^\s*rollback\s*$/i.test(query)) midBatch = false;
          return target.exec(query, options);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export type EmbeddedPostgres = {
  url: string;
  /** The data directory's lock (null in memory); the holder answers `npm run backup` through it. */
  lock: DataDirLock | null;
  stop: () => Promise<void>;
};

/** A data directory PGlite could not start from: said plainly, with what to do about it. */
export class EmbeddedStartError extends Error {}

export type EmbeddedOptions = {
  port?: number;
  /**
   * Postgres's shared_buffers. PGlite's memory holds every page of it from the start (128 MB by
   * default, a seventh of the server's idle memory); reads beyond it come from the kernel's cache.
   */
  sharedBuffers?: string;
  /** How often a checkpoint is taken (see CHECKPOINT_EVERY_MS). */
  checkpointEveryMs?: number;
};

/**
 * PGlite's own start parameters, but with fsync on (its default `-F` turns it off) and the WAL
 * synced with fsync, the call DurableNodeFS makes reach the disk (fdatasync is a stub in Emscripten).
 */
const durableStartParams = (sharedBuffers: string) => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  ...['-c', 'wal_sync_method=fsync', '-c', `shared_buffers=${sharedBuffers}`],
];

async function openPGlite(dataDir: string | undefined, options: EmbeddedOptions): Promise<PGlite> {
  const extensions = { postgis: await slimPostgis(), pg_trgm };
  if (!dataDir) return PGlite.create({ dataDir: 'memory://', extensions });
  const startParams = durableStartParams(options.sharedBuffers ?? '32MB');
  return PGlite.create({ fs: new DurableNodeFS(dataDir), extensions, startParams });
}

/**
 * PGlite has no checkpointer process, so `checkpoint_timeout` never fires: without these, a
 * checkpoint came only when a gigabyte of WAL had piled up, and a start after a crash replayed all
 * of it. Every five minutes, as Postgres's default; through the socket, so it waits its turn
 * instead of landing inside another connection's transaction.
 */
const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

async function checkpoint(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('checkpoint');
  } catch {
    // The database is stopping, or busy past its end: the next round checkpoints.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts PGlite with PostGIS behind a local Postgres socket so the same `pg`, kysely and pg-boss
 * code paths run with no database installed (DESIGN 3). `dataDir` undefined keeps it in memory.
 * PGlite runs one transaction at a time: never wait on a second connection inside a transaction.
 * The data directory is locked first (data-dir-lock.ts): a second process never opens it.
 */
export async function startEmbeddedPostgres(dataDir?: string, options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const lock = dataDir ? await lockDataDir(dataDir) : null;
  let db: PGlite;
  try {
    db = await openPGlite(dataDir, options);
  } catch (error) {
    try {
      if (dataDir) throw new EmbeddedStartError(await explainFailedStart(dataDir, error));
      throw error;
    } finally {
      await lock?.release();
    }
  }
  const server = new PGLiteSocketServer({ db: withWholeBatches(db), port: options.port ?? 0, host: '127.0.0.1', maxConnections: 100 });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
  const checkpointer = dataDir ? setInterval(() => void checkpoint(url), options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS).unref() : null;
  return {
    url,
    lock,
    stop: async () => {
      if (checkpointer) clearInterval(checkpointer);
      await server.stop();
      await db.close();
      await lock?.release();
    },
  };
}
