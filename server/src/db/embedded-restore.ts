import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { listBackups, type BackupInfo } from './embedded-backup';
import { startEmbeddedPostgres } from './embedded';

export type RestoreResult = { backup: BackupInfo; posts: number | null; movedAside: string | null };

/** The backup a restore takes: the one named (its folder or its `pg` folder), else the newest. */
export async function chooseBackup(pgDir: string, named?: string): Promise<BackupInfo> {
  const backups = await listBackups(pgDir);
  if (!named) {
    const newest = backups[0];
    if (!newest) throw new Error(`There is no finished backup in ${path.join(path.dirname(pgDir), 'backups')}.`);
    return newest;
  }
  const wanted = path.resolve(named);
  const found = backups.find((b) => b.dir === wanted || b.pgDir === wanted);
  if (!found) throw new Error(`${named} is not a finished backup of ${pgDir} (see ${path.join(path.dirname(pgDir), 'backups')}).`);
  return found;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function copyDir(from: string, to: string): Promise<void> {
  await fs.cp(from, to, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
}

/**
 * Puts a backup in place of `pgDir`. The backup is copied beside it and started first (it recovers
 * like a crashed directory and shuts down cleanly); only a copy that started replaces the data
 * directory, which is moved aside, never deleted. Nothing may hold the data directory meanwhile:
 * starting the copy takes its own lock, and the caller holds the data directory's.
 */
export async function restoreBackup(pgDir: string, backup: BackupInfo): Promise<RestoreResult> {
  const candidate = `${pgDir}.restoring`;
  await fs.rm(candidate, { recursive: true, force: true });
  await copyDir(backup.pgDir, candidate);

  const embedded = await startEmbeddedPostgres(candidate);
  let posts: number | null = null;
  try {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ found: string | null }>(`select to_regclass('public.posts')::text as found`);
      if (rows[0]?.found) posts = Number((await client.query<{ n: string }>('select count(*) as n from posts')).rows[0]?.n);
    } finally {
      await client.end();
    }
  } finally {
    await embedded.stop();
  }

  let movedAside: string | null = null;
  if (await exists(path.join(pgDir, 'PG_VERSION'))) {
    movedAside = `${pgDir}.before-restore-${new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-')}`;
    await fs.rename(pgDir, movedAside);
  } else {
    // Nothing of a database there (the lock's own folder, or nothing at all).
    await fs.rm(pgDir, { recursive: true, force: true });
  }
  await fs.rename(candidate, pgDir);
  return { backup, posts, movedAside };
}
