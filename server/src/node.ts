import http from 'node:http';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createApp } from './app';
import { refreshHolders, resolveHolder } from './auth/auth.middleware';
import type { AppConfig } from './config';
import { createContext, type AppContext } from './context';
import { connect, connectListSessions } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { scheduleBackups } from './db/embedded-backup';
import { migrateToLatest } from './db/migrate';
import { seedOnce } from './db/seed';
import { NotifyListener } from './events/notify-listener';
import { answerUnparsableRequest } from './http/client-error';
import { createJobs } from './jobs/jobs';
import { createMailer } from './mail/mailer';
import { createLocalMediaStore } from './media/media-store';
import { COUNT_BUDGET_MS } from './modules/posts/search';
import { createRealtimeHub } from './realtime/hub';
import { createServices, type Services } from './services';

/** Connections the kernel keeps waiting for `accept` (see `listen` below). */
const ACCEPT_BACKLOG = 4096;

export type RunningNode = {
  url: string;
  port: number;
  databaseUrl: string;
  ctx: AppContext;
  services: Services;
  /** The Express app behind `server` (socket.io answers its own path first). */
  app: ReturnType<typeof createApp>;
  server: http.Server;
  close: () => Promise<void>;
};

export type NodeOptions = {
  logger?: Logger;
  /** Skip migrations and seeding (an extra node joining a database another node prepared). */
  prepareDatabase?: boolean;
  jobPollingIntervalSeconds?: number;
  readerPollMs?: number;
};

/**
 * Starts one API node: database (embedded when no DATABASE_URL), migrations, seed, HTTP, socket.io,
 * the event reader and the job workers. `npm start`, the extra-node command and tests all use it.
 */
export async function startNode(config: AppConfig, options: NodeOptions = {}): Promise<RunningNode> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  const pgDir = path.join(config.dataDir, 'pg');
  if (!databaseUrl) {
    logger.info('DATABASE_URL is not set: starting the embedded Postgres with PostGIS (data in %s)', pgDir);
    embedded = await startEmbeddedPostgres(pgDir, { sharedBuffers: config.embeddedSharedBuffers });
    databaseUrl = embedded.url;
  }
  // On a Postgres server a few sessions stay open with PostGIS loaded (see `connect`); the embedded
  // database is one session, which loads it once.
  const handle = connect(databaseUrl, embedded ? { max: 8 } : { max: 20, keep: 4 });
  const lists = embedded ? null : await connectListSessions(databaseUrl, COUNT_BUDGET_MS);

  let deploymentId = config.deploymentId ?? 'local';
  if (options.prepareDatabase !== false) {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const adminPassword = config.adminPassword ?? (embedded ? 'administrator' : null);
    deploymentId = (await seedOnce(handle.db, { adminPassword, deploymentId: config.deploymentId }, logger)).deploymentId;
  }
  // Opened in the background, with PostGIS there now: the first requests find them ready.
  void Promise.all([handle.open(), lists?.open()]).catch((error: unknown) =>
    logger.warn({ err: error }, 'could not open the kept database sessions'),
  );

  const jobs = createJobs(databaseUrl, logger, { pollingIntervalSeconds: options.jobPollingIntervalSeconds });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const media = createLocalMediaStore(path.join(config.dataDir, 'media'));
  const ctx = createContext({
    config,
    db: handle.db,
    lists,
    logger,
    jobs,
    mailer,
    media,
    deploymentId,
    readerPollMs: options.readerPollMs ?? (embedded ? 250 : 1000),
  });
  const services = createServices(ctx);
  const app = createApp(ctx, services);
  const server = http.createServer(app);
  // Idle keep-alive connections outlive those of clients and proxies (commonly 60 s), so a client
  // never sends a request on a connection the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerUnparsableRequest);
  const hub = createRealtimeHub({
    server,
    db: handle.db,
    reader: ctx.reader,
    audiences: ctx.audiences,
    holders: {
      resolve: (token) => resolveHolder({ db: handle.db, settings: ctx.settings, tokens: ctx.tokens, now: ctx.now }, token),
      refresh: (tokenIds) => refreshHolders({ db: handle.db, settings: ctx.settings, tokens: ctx.tokens, now: ctx.now }, tokenIds),
    },
    logger,
  });

  await ctx.reader.start();
  // NOTIFY does not cross the embedded database's socket; there the reader is woken in process.
  const listener = embedded ? null : new NotifyListener(databaseUrl, () => void ctx.reader.wake(), logger);
  await listener?.start();
  await jobs.start(services.jobs, config.runWorkers);
  // Imports a crashed process left mid-way are taken up again from their last committed batch.
  if (config.runWorkers) await services.csv.resume();
  // Exports a crashed process left mid-way are written again from their first row.
  if (config.runWorkers) await services.exports.resume();
  // Uploads to the humanitarian data exchange a crashed process left mid-way, once its lease lapses.
  if (config.runWorkers) await services.hxl.resume();
  // Post events committed while no node was running still owe their webhook deliveries.
  void services.webhooks.start();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A burst (an SMS gateway's backlog, a crowd opening the map) can open more connections than
    // the event loop accepts meanwhile: past Node's default queue of 511 the kernel drops them and
    // clients see resets. Linux caps it at net.core.somaxconn (4096 by default).
    server.listen({ port: config.port, host: config.host, backlog: ACCEPT_BACKLOG }, () => resolve());
  });
  // The anonymous default map is prepared while the first visitors are still on their way.
  services.posts.clusters.warm();
  const backups = embedded ? startBackups(embedded, pgDir, config, logger) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await backups?.stop();
      await hub.close();
      services.csv.stop();
      services.exports.stop();
      await jobs.stop().catch((error: unknown) => logger.warn({ err: error }, 'job queue did not stop cleanly'));
      await listener?.stop();
      await ctx.reader.stop();
      await services.webhooks.stop();
      await services.posts.clusters.close();
      mailer.close();
      await lists?.close();
      await handle.close();
      await embedded?.stop();
    })());

  return { url, port, databaseUrl, ctx, services, app, server, close };
}

/** Scheduled backups of the embedded database, and `npm run backup` answered through its lock. */
function startBackups(embedded: EmbeddedPostgres, pgDir: string, config: AppConfig, logger: Logger) {
  const schedule = scheduleBackups(embedded.url, pgDir, {
    ...config.embeddedBackups,
    onDone: (backup) => logger.info({ dir: backup.dir, bytes: backup.bytes }, 'embedded database backed up'),
    onError: (error) => logger.error({ err: error }, 'embedded database backup failed'),
  });
  embedded.lock?.handle('backup', async () => {
    const backup = await schedule.backupNow();
    return { dir: backup.dir, bytes: backup.bytes, created_at: backup.createdAt.toISOString() };
  });
  return schedule;
}
