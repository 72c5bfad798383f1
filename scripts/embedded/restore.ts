// `npm run restore [-- <backup folder>]`: puts a backup of the embedded database (the newest by
// default) in place of DATA_DIR/pg, once it has been started and checked; the data directory it
// replaces is moved aside, never deleted. The server must be stopped.
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { DataDirInUseError, lockDataDir } from '../../server/src/db/data-dir-lock';
import { chooseBackup, restoreBackup } from '../../server/src/db/embedded-restore';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore that server with its own tools (pg_restore, or the provider snapshots).');
  process.exit(2);
}
const pgDir = path.join(config.dataDir, 'pg');
const named = process.argv.slice(2).find((arg) => arg !== '--');

try {
  const backup = await chooseBackup(pgDir, named);
  const lock = await lockDataDir(pgDir);
  try {
    console.log(`Restoring ${backup.dir} (made at ${backup.createdAt.toISOString()}) into ${pgDir}...`);
    const result = await restoreBackup(pgDir, backup);
    console.log(`Restored: the database started from the backup and holds ${result.posts ?? 'no'} posts.`);
    if (result.movedAside) console.log(`The data directory it replaced is kept at ${result.movedAside}; delete it once you are satisfied.`);
    console.log('Start the server again with: npm start');
  } finally {
    await lock.release();
  }
} catch (error) {
  if (error instanceof DataDirInUseError) console.error(`${error.message}\nStop the server, then run npm run restore again.`);
  else console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
