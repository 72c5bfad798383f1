// `npm run backup`: a consistent copy of the embedded database into DATA_DIR/backups, while the
// server runs (the server makes it, asked through its data directory's lock) or while it is stopped.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { askHolder, DataDirInUseError, lockDataDir, lockHolder } from '../../server/src/db/data-dir-lock';
import { backupStopped, pruneBackups } from '../../server/src/db/embedded-backup';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back that server up with its own tools (pg_dump, or the provider snapshots).');
  process.exit(2);
}
const pgDir = path.join(config.dataDir, 'pg');
if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
  console.error(`There is no embedded database in ${pgDir} (set DATA_DIR to the folder the server uses).`);
  process.exit(2);
}

async function viaRunningServer(): Promise<string> {
  const answer = await askHolder(pgDir, 'backup');
  if (!answer?.ok) throw new Error(`The running server could not make the backup: ${String(answer?.error ?? 'no answer')}`);
  return `${String(answer.dir)} (${Math.round(Number(answer.bytes) / 1e6)} MB, made by the running server)`;
}

async function whileStopped(): Promise<string> {
  const lock = await lockDataDir(pgDir);
  try {
    const backup = await backupStopped(pgDir);
    await pruneBackups(pgDir, config.embeddedBackups.keep);
    return `${backup.dir} (${Math.round(backup.bytes / 1e6)} MB)`;
  } finally {
    await lock.release();
  }
}

try {
  const made = (await lockHolder(pgDir))
    ? await viaRunningServer()
    : await whileStopped().catch(async (error: unknown) => {
        // The server started meanwhile: ask it instead.
        if (error instanceof DataDirInUseError) return viaRunningServer();
        throw error;
      });
  console.log(`Backup made: ${made}`);
  console.log(`Restore it with: npm run restore -- ${made.split(' ')[0]}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
