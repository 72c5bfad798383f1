import pg from 'pg';
import pino from 'pino';
import { connect, type DbHandle } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedOnce } from '../../server/src/db/seed';
import { seedDeployment, type SeededDeployment } from './seed';

export const BENCH_ADMIN_PASSWORD = 'bench-administrator';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A database named after the post count, seeded once and reused by later runs (seeding a million
 * posts takes minutes). `--reseed` drops and rebuilds it.
 */
export async function prepareBenchDatabase(
  serverUrl: string,
  count: number,
  reseed: boolean,
): Promise<{ handle: DbHandle; url: string; seeded: SeededDeployment }> {
  const name = `platform_bench_${count}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && reseed) await admin.query(`drop database "${name}" with (force)`);
    if (!exists || reseed) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const handle = connect(url, { max: 10 });
  await migrateToLatest(handle.db);
  await seedOnce(handle.db, { adminPassword: BENCH_ADMIN_PASSWORD, deploymentId: 'bench' }, pino({ level: 'silent' }));
  await handle.db.schema
    .createTable('bench_meta')
    .ifNotExists()
    .addColumn('seeded', 'jsonb', (c) => c.notNull())
    .execute();
  const meta = await handle.db
    .selectFrom('bench_meta' as never)
    .select('seeded' as never)
    .executeTakeFirst();
  if (meta) return { handle, url, seeded: (meta as { seeded: SeededDeployment }).seeded };

  const started = Date.now();
  process.stdout.write(`Seeding ${count.toLocaleString('en')} posts into ${name} (once; reused by later runs)\n`);
  const seeded = await seedDeployment(handle.db, count, (done) => {
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`  ${done.toLocaleString('en')} posts (${seconds.toFixed(0)} s)\n`);
  });
  await handle.db
    .insertInto('bench_meta' as never)
    .values({ seeded: JSON.stringify(seeded) } as never)
    .execute();
  process.stdout.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  return { handle, url, seeded };
}
