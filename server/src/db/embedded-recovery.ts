import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { listBackups } from './embedded-backup';
import { slimPostgis } from './postgis-bundle';

/**
 * What PGlite said when it gave up. Its error is only "Aborted()": the reason (a PANIC from crash
 * recovery) goes to its debug output, so a second attempt listens there.
 */
async function failureReason(pgDir: string, error: unknown): Promise<string> {
  const lines: string[] = [];
  const original = { error: console.error, debug: console.debug, log: console.log };
  const capture = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (/\b(PANIC|FATAL|ERROR):/.test(line)) lines.push(line.replace(/^.*?\b(PANIC|FATAL|ERROR):\s*/, '$1: ').trim());
  };
  console.error = console.debug = console.log = capture;
  try {
    const db = await PGlite.create({ dataDir: pgDir, extensions: { postgis: await slimPostgis() }, debug: 1 });
    await db.close();
  } catch {
    // Expected: the same failure, now with its reason captured.
  } finally {
    Object.assign(console, original);
  }
  return lines[0] ?? (error instanceof Error ? error.message : String(error));
}

/** The restore command as the person reading it must type it, DATA_DIR included when not the default. */
function restoreCommand(pgDir: string, backupDir: string): string {
  const dataDir = path.dirname(pgDir);
  const isDefault = path.resolve('data') === dataDir;
  return `${isDefault ? '' : `DATA_DIR=${dataDir} `}npm run restore -- ${backupDir}`;
}

/** The plain explanation a failed start prints: what failed, that nothing was touched, how to restore. */
export async function explainFailedStart(pgDir: string, error: unknown): Promise<string> {
  const reason = await failureReason(pgDir, error);
  const [newest] = await listBackups(pgDir);
  const lines = [`The embedded database in ${pgDir} could not start.`, `  ${reason}`, 'Its files have been left in place.'];
  if (newest) {
    lines.push(
      `The newest backup was made at ${newest.createdAt.toISOString()}: ${newest.dir}`,
      'To restore it (the damaged directory is moved aside, not deleted), stop every server using this data directory and run:',
      `  ${restoreCommand(pgDir, newest.dir)}`,
    );
  } else {
    lines.push(`There is no backup in ${path.join(path.dirname(pgDir), 'backups')} to restore.`);
  }
  return lines.join('\n');
}
