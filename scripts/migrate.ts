// `npm run db:migrate`: brings DATABASE_URL up to the latest schema without starting the server.
import pino from 'pino';
import { loadConfig } from '../server/src/config';
import { connect } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('Set DATABASE_URL. (The embedded database is migrated by `npm start` itself.)');
  process.exit(1);
}
const logger = pino({ level: config.logLevel });
const handle = connect(config.databaseUrl, { max: 1 });
try {
  const applied = await migrateToLatest(handle.db);
  logger.info({ applied }, applied.length ? 'migrated' : 'already up to date');
} finally {
  await handle.close();
}
