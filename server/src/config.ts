import path from 'node:path';
import { z } from 'zod';

const Bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** Where the embedded database, media and unsent mail live. */
  DATA_DIR: z.string().default('./data'),
  ADMIN_PASSWORD: z.string().min(7).optional(),
  /** Absolute base URL used in `url` fields when the request's own host should not be trusted. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Platform <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Install debug mode for `/verifier/*` (API-CONTRACT 14.11). */
  INSTALL_DEBUG_MODE: Bool.default(false),
  API_POST_LIST_MAX_LIMIT: z.coerce.number().int().positive().default(20),
  API_POST_LIST_ADMIN_MAX_LIMIT: z.coerce.number().int().positive().default(100),
  MEDIA_MAX_UPLOAD: z.coerce.number().int().positive().default(1048576),
  CSV_IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).default(400),
  CSV_IMPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Posts read and written per export batch (one progress update and event each). */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(50_000).default(2000),
  EXPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long an export's download URL works; its file is deleted after that. */
  EXPORT_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(86_400),
  JSON_BODY_LIMIT: z.string().default('2mb'),
  /** Serve the built client from this folder (empty disables). */
  CLIENT_DIST: z.string().optional(),
  /** Run pg-boss workers in this process (a separate `npm run worker` can take them over). */
  RUN_WORKERS: Bool.default(true),
  DEPLOYMENT_ID: z.string().optional(),
  /** How long a post edit lock lasts without renewal (API-CONTRACT 11: five minutes). */
  POST_LOCK_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** How long a repeated post list or GeoJSON answer may be given again unless something changes first (0: never). */
  API_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long a node may take a token it read as still working, unless it hears first of a change that may end it (0: never). */
  API_TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Hours between backups of the embedded database into DATA_DIR/backups (0: only `npm run backup`). */
  EMBEDDED_BACKUP_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** How many of those backups are kept. */
  EMBEDDED_BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(3),
  /** The embedded database's shared_buffers: memory held from the start, a cache in front of the kernel's. */
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
    .default('32MB'),
  /**
   * Which proxies may say who the client is (X-Forwarded-For): `true` for one reverse proxy, a
   * number of proxy hops, or Express's list of trusted addresses and subnets.
   */
  TRUST_PROXY: z.string().trim().default('loopback'),
  /** Hosts, addresses or CIDR ranges webhooks may reach although they are internal (comma list). */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** How long one webhook request may take, connection to last byte. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Retries after the first attempt, each after an exponentially longer wait. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  /** Deliveries one node sends at once. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** The first retry's wait; later ones double, up to WEBHOOK_RETRY_DELAY_MAX_SECONDS. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  WEBHOOK_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Signs write-backs from webhook receivers (`PUT /webhooks/posts/{id}`); empty refuses them all. */
  PLATFORM_SHARED_SECRET: z.string().default(''),
  /** Where the SMS gateways' APIs are (tests point these at local servers). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  VONAGE_API_URL: z.string().url().default('https://rest.nexmo.com'),
  /** FrontlineSMS server for a provider whose settings name none. */
  FRONTLINESMS_API_URL: z.string().url().default('https://cloud.frontlinesms.com/'),
  /** How long one request to an SMS gateway may take before its outcome counts as unknown. */
  DATASOURCE_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Attempts at delivering one outgoing message, and the wait before the first retry (doubling after). */
  MESSAGE_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  MESSAGE_DELIVERY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Outgoing messages one node sends at once (each waits on its gateway's answer). */
  MESSAGE_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often the e-mail data source reads its mailbox; pg-boss schedules by the minute, so whole minutes. */
  EMAIL_POLL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(60),
  /** Twitter's API (tests point it at a local server), and how often its recent search is read (whole minutes). */
  TWITTER_API_BASE_URL: z.string().url().default('https://api.twitter.com'),
  /** The humanitarian data exchange's CKAN site (its action API lives under /api/3/action). */
  HDX_API_BASE_URL: z.string().url().default('https://data.humdata.org'),
  /** How long one request to the exchange may take, connection to last byte. */
  HDX_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  TWITTER_POLL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(60),
});

/**
 * `true` means the one proxy in front: the client is the address that proxy appended. Trusting
 * every hop would take the left-most entry, which the client writes itself and could change on
 * every login attempt to escape the per-address throttle.
 */
function trustProxy(value: string): number | string {
  if (value === 'true') return 1;
  if (value === 'false' || value === '') return 'loopback';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  installDebugMode: boolean;
  postListMaxLimit: number;
  postListAdminMaxLimit: number;
  mediaMaxUpload: number;
  /** Rows per CSV import batch (one transaction each), and how long a worker's claim on an import lasts unrenewed. */
  csvImport: { batchRows: number; leaseSeconds: number };
  /** Posts per export batch, the worker's claim on a job, and how long a download URL lasts. */
  exports: { batchRows: number; leaseSeconds: number; urlTtlSeconds: number };
  jsonBodyLimit: string;
  clientDist: string | undefined;
  runWorkers: boolean;
  deploymentId: string | undefined;
  postLockTtlSeconds: number;
  readCacheMs: number;
  tokenCacheMs: number;
  embeddedBackups: { everyHours: number; keep: number };
  embeddedSharedBuffers: string;
  /** Express's `trust proxy`: decides `req.ip`, the address rate limits count. */
  trustProxy: number | string;
  /** The humanitarian data exchange (CKAN action API) and how long one request to it may take. */
  hdx: { baseUrl: string; timeoutMs: number };
  webhooks: {
    allowHosts: string[];
    timeoutMs: number;
    retryLimit: number;
    concurrency: number;
    retryDelaySeconds: number;
    retryDelayMaxSeconds: number;
    sharedSecret: string;
  };
  dataSources: {
    twilioApiUrl: string;
    vonageApiUrl: string;
    frontlineSmsApiUrl: string;
    httpTimeoutMs: number;
    deliveryAttempts: number;
    deliveryRetryDelaySeconds: number;
    deliveryConcurrency: number;
    emailPollSeconds: number;
    twitterApiUrl: string;
    twitterPollSeconds: number;
  };
  /** Rate limits; tests lower or raise them. */
  limits: {
    registrationsPerMinute: number;
    /** Failures of one account from one address before each further one waits longer (backoff). */
    loginFailuresPerAccountAndAddress: number;
    loginFailuresPerIp: number;
    loginWindowSeconds: number;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    installDebugMode: e.INSTALL_DEBUG_MODE,
    postListMaxLimit: e.API_POST_LIST_MAX_LIMIT,
    postListAdminMaxLimit: e.API_POST_LIST_ADMIN_MAX_LIMIT,
    mediaMaxUpload: e.MEDIA_MAX_UPLOAD,
    csvImport: { batchRows: e.CSV_IMPORT_BATCH_ROWS, leaseSeconds: e.CSV_IMPORT_LEASE_SECONDS },
    exports: { batchRows: e.EXPORT_BATCH_ROWS, leaseSeconds: e.EXPORT_LEASE_SECONDS, urlTtlSeconds: e.EXPORT_URL_TTL_SECONDS },
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    clientDist: e.CLIENT_DIST,
    runWorkers: e.RUN_WORKERS,
    deploymentId: e.DEPLOYMENT_ID,
    postLockTtlSeconds: e.POST_LOCK_TTL_SECONDS,
    readCacheMs: e.API_READ_CACHE_MS,
    tokenCacheMs: e.API_TOKEN_CACHE_MS,
    embeddedBackups: { everyHours: e.EMBEDDED_BACKUP_HOURS, keep: e.EMBEDDED_BACKUP_KEEP },
    embeddedSharedBuffers: e.EMBEDDED_SHARED_BUFFERS,
    trustProxy: trustProxy(e.TRUST_PROXY),
    hdx: { baseUrl: e.HDX_API_BASE_URL.replace(/\/+$/, ''), timeoutMs: e.HDX_TIMEOUT_MS },
    webhooks: {
      allowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      concurrency: e.WEBHOOK_CONCURRENCY,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: e.WEBHOOK_RETRY_DELAY_MAX_SECONDS,
      sharedSecret: e.PLATFORM_SHARED_SECRET,
    },
    dataSources: {
      twilioApiUrl: e.TWILIO_API_URL,
      vonageApiUrl: e.VONAGE_API_URL,
      frontlineSmsApiUrl: e.FRONTLINESMS_API_URL,
      httpTimeoutMs: e.DATASOURCE_HTTP_TIMEOUT_MS,
      deliveryAttempts: e.MESSAGE_DELIVERY_ATTEMPTS,
      deliveryRetryDelaySeconds: e.MESSAGE_DELIVERY_RETRY_DELAY_SECONDS,
      deliveryConcurrency: e.MESSAGE_DELIVERY_CONCURRENCY,
      emailPollSeconds: e.EMAIL_POLL_SECONDS,
      twitterApiUrl: e.TWITTER_API_BASE_URL,
      twitterPollSeconds: e.TWITTER_POLL_SECONDS,
    },
    limits: {
      registrationsPerMinute: 3,
      loginFailuresPerAccountAndAddress: 5,
      loginFailuresPerIp: 30,
      loginWindowSeconds: 15 * 60,
    },
  };
}
