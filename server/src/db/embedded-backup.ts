import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Backups of the embedded database: whole copies of its data directory, each in
 * `DATA_DIR/backups/<time>/pg` beside a `backup.json` written last (a folder without it is a copy
 * that did not finish and is never offered for a restore).
 *
 * A copy is consistent because nothing writes while it is taken: PGlite has one session, and the
 * backup holds it in an open transaction, so every other connection's statement waits in the
 * socket's queue until the copy is done. Its files are then exactly what a `kill -9` at that moment
 * would leave, which the next start recovers from like any crash (the kill loop proves that). A
 * checkpoint first keeps that recovery short. Copies are reflinks where the filesystem has them.
 */

export type BackupInfo = { dir: string; pgDir: string; createdAt: Date; bytes: number };

const MARKER = 'backup.json';
/** Files that belong to the running process, not to the database. */
const SKIP = new Set(['postmaster.pid', '.control-token']);

export const backupsDirOf = (pgDir: string): string => path.join(path.dirname(pgDir), 'backups');

async function copyTree(from: string, to: string): Promise<number> {
  await fs.mkdir(to, { recursive: true });
  let bytes = 0;
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) bytes += await copyTree(source, target);
    else if (entry.isFile()) {
      await fs.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
      bytes += (await fs.stat(target)).size;
    }
  }
  return bytes;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** Copies `pgDir` into a new backup; `hold` keeps the database still while it runs. */
async function takeBackup(pgDir: string, hold: (copy: () => Promise<number>) => Promise<number>): Promise<BackupInfo> {
  const createdAt = new Date();
  const backups = backupsDirOf(pgDir);
  const dir = path.join(backups, `pg-${stamp(createdAt)}`);
  const partial = `${dir}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  const bytes = await hold(() => copyTree(pgDir, path.join(partial, 'pg')));
  await fs.writeFile(path.join(partial, MARKER), `${JSON.stringify({ created_at: createdAt.toISOString(), bytes }, null, 2)}\n`);
  await fs.rename(partial, dir);
  return { dir, pgDir: path.join(dir, 'pg'), createdAt, bytes };
}

/** A backup of the embedded database that is running at `url` with its files in `pgDir`. */
export function backupRunning(url: string, pgDir: string): Promise<BackupInfo> {
  return takeBackup(pgDir, async (copy) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('checkpoint');
      await client.query('begin');
      try {
        return await copy();
      } finally {
        await client.query('commit');
      }
    } finally {
      await client.end();
    }
  });
}

/** A backup of a data directory no process has open (the caller holds its lock). */
export function backupStopped(pgDir: string): Promise<BackupInfo> {
  return takeBackup(pgDir, (copy) => copy());
}

/** Finished backups, newest first. */
export async function listBackups(pgDir: string): Promise<BackupInfo[]> {
  const backups = backupsDirOf(pgDir);
  let names: string[];
  try {
    names = await fs.readdir(backups);
  } catch {
    return [];
  }
  const found: BackupInfo[] = [];
  for (const name of names) {
    const dir = path.join(backups, name);
    try {
      const marker = JSON.parse(await fs.readFile(path.join(dir, MARKER), 'utf8')) as { created_at: string; bytes: number };
      found.push({ dir, pgDir: path.join(dir, 'pg'), createdAt: new Date(marker.created_at), bytes: marker.bytes });
    } catch {
      // Not a finished backup.
    }
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Keeps the newest `keep` backups and removes older ones and unfinished copies. */
export async function pruneBackups(pgDir: string, keep: number): Promise<void> {
  const finished = await listBackups(pgDir);
  for (const old of finished.slice(keep)) await fs.rm(old.dir, { recursive: true, force: true });
  const kept = new Set(finished.slice(0, keep).map((b) => path.basename(b.dir)));
  const backups = backupsDirOf(pgDir);
  for (const name of await fs.readdir(backups).catch(() => [] as string[])) {
    if (name.endsWith('.partial') && !kept.has(name)) await fs.rm(path.join(backups, name), { recursive: true, force: true });
  }
}

export type BackupSchedule = {
  /** Makes a backup now (one at a time; a call while one runs gets that one's outcome afterwards). */
  backupNow(): Promise<BackupInfo>;
  /** Stops the schedule; resolves once a backup under way has finished. */
  stop(): Promise<void>;
};

/**
 * Backs the running embedded database up every `everyHours` (0: only on request), keeping the
 * newest `keep`. The first one is made at start when the newest is older than the interval, so a
 * data directory that just started cleanly is the one kept.
 */
export function scheduleBackups(
  url: string,
  pgDir: string,
  options: { everyHours: number; keep: number; onError: (error: unknown) => void; onDone: (backup: BackupInfo) => void },
): BackupSchedule {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const backupNow = (): Promise<BackupInfo> => {
    const run = chain.then(async () => {
      const backup = await backupRunning(url, pgDir);
      await pruneBackups(pgDir, options.keep);
      options.onDone(backup);
      return backup;
    });
    chain = run.catch(() => undefined);
    return run;
  };

  const intervalMs = options.everyHours * 60 * 60 * 1000;
  const scheduleNext = (delayMs: number) => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      backupNow()
        .catch(options.onError)
        .finally(() => scheduleNext(intervalMs));
    }, delayMs);
    timer.unref();
  };
  if (intervalMs > 0) {
    void listBackups(pgDir).then(([newest]) => {
      const age = newest ? Date.now() - newest.createdAt.getTime() : Infinity;
      scheduleNext(age >= intervalMs ? 0 : intervalMs - age);
    });
  }

  return {
    backupNow,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}
