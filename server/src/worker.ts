import pino from 'pino';
import { loadConfig } from './config';
import { connect } from './db/database';
import { createContext } from './context';
import { createJobs } from './jobs/jobs';
import { createMailer } from './mail/mailer';
import { keepHeapNearLiveSize } from './memory';
import { createLocalMediaStore } from './media/media-store';
import { createServices } from './services';
import path from 'node:path';

/**
 * `npm run worker`: runs the job queues without serving HTTP, for deployments that scale workers
 * apart from API nodes (DESIGN 5). It needs DATABASE_URL: the embedded database serves one process.
 */
keepHeapNearLiveSize();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (the embedded database is reachable only from its own process).');
  process.exit(1);
}
const logger = pino({ level: config.logLevel });
const handle = connect(config.databaseUrl, { max: 5 });
const jobs = createJobs(config.databaseUrl, logger);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
const ctx = createContext({
  config,
  db: handle.db,
  logger,
  jobs,
  mailer,
  media: createLocalMediaStore(path.join(config.dataDir, 'media')),
  deploymentId: config.deploymentId ?? 'worker',
});
const services = createServices(ctx);
await jobs.start(services.jobs, true);
await services.csv.resume();
await services.exports.resume();
await services.hxl.resume();
logger.info('worker is processing job queues');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    services.csv.stop();
    services.exports.stop();
    void jobs
      .stop()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
}
