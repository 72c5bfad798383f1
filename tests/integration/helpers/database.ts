import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { connect } from '../../../server/src/db/database';
import { startEmbeddedPostgres } from '../../../server/src/db/embedded';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { seedOnce } from '../../../server/src/db/seed';

export const TEST_ADMIN_PASSWORD = 'administrator';
const root = path.resolve(import.meta.dirname, '../../..');

/** Changes to migrations or the seed make a new template; an unchanged one is reused across runs. */
export function schemaFingerprint(): string {
  const hash = createHash('sha256');
  for (const dir of ['migrations', 'server/src/db/seed.ts']) {
    const full = path.join(root, dir);
    const files = fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full)
          .sort()
          .map((f) => path.join(full, f))
      : [full];
    for (const file of files) hash.update(file).update(fs.readFileSync(file));
  }
  hash.update(JSON.parse(fs.readFileSync(path.join(root, 'node_modules/pg-boss/package.json'), 'utf8')).version as string);
  return hash.digest('hex').slice(0, 12);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Migrates, seeds and installs the job queue schema: what every test database starts from. */
export async function prepareSchema(url: string): Promise<void> {
  const handle = connect(url, { max: 2 });
  try {
    await migrateToLatest(handle.db);
    await seedOnce(handle.db, { adminPassword: TEST_ADMIN_PASSWORD, deploymentId: 'test-deployment' }, pino({ level: 'silent' }));
  } finally {
    await handle.close();
  }
  // The job queue's own schema, installed with pg-boss's published plan (starting pg-boss here
  // would leave its timers running in the test runner's main process).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(PgBoss.getConstructionPlans('pgboss'));
  } finally {
    await client.end();
  }
}

const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/** A migrated template database on a real server, created once per schema fingerprint. */
export async function ensureTemplate(serverUrl: string): Promise<string> {
  const template = `platform_template_${schemaFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_building_${process.pid}`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      await prepareSchema(withDatabase(serverUrl, building));
      await admin.query(`alter database "${building}" rename to "${template}"`).catch(async (error: unknown) => {
        // Another run built the same template meanwhile: keep theirs.
        await admin.query(`drop database if exists "${building}"`);
        if (!String(error).includes('already exists')) throw error;
      });
    }
    // The template's last use, so that stale ones can be told from those a concurrent run (another
    // checkout, another schema) is using right now.
    await admin.query(`comment on database "${template}" is '${Date.now()}'`);
    // Templates from older schemas, unused for a day, are dead weight.
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database
        where datname like 'platform_template_%' and datname not like '%_building_%' and datname <> $1
          and coalesce(nullif(shobj_description(oid, 'pg_database'), '')::bigint, 0) < $2`,
      [template, Date.now() - STALE_TEMPLATE_MS],
    );
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
  } finally {
    await admin.end();
  }
  return template;
}

/** Each test file gets its own database, cloned from the template (STYLE 8). */
export async function cloneDatabase(serverUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `platform_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** True when a Docker engine answers, so testcontainers can start PostGIS. */
export function dockerAvailable(): boolean {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** Embedded fallback: a PGlite per test file restored from a prepared data directory snapshot. */
export async function startEmbeddedFromSnapshot(snapshotDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(path.dirname(snapshotDir), 'file-'));
  fs.cpSync(snapshotDir, dir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dir);
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
