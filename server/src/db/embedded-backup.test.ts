import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupRunning, listBackups, pruneBackups } from './embedded-backup';
import { startEmbeddedPostgres } from './embedded';
import { chooseBackup, restoreBackup } from './embedded-restore';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-backup-'));
const pgDir = path.join(dataDir, 'pg');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const BATCH = 10;

/** Writes batches of BATCH rows, each batch one transaction, until told to stop; counts committed rows. */
function writeBatches(url: string) {
  let stop = false;
  let committed = 0;
  const writers = Array.from({ length: 3 }, async (_, writer) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (let batch = 0; !stop; batch++) {
      await client.query('begin');
      for (let n = 0; n < BATCH; n++) await client.query('insert into rows (writer, batch, n) values ($1, $2, $3)', [writer, batch, n]);
      await client.query('commit');
      committed += BATCH;
    }
    await client.end();
  });
  return {
    committed: () => committed,
    stop: async () => {
      stop = true;
      await Promise.all(writers);
    },
  };
}

describe('backups of the embedded database', () => {
  it('are consistent while writes go on, and a restore puts one in place of the data directory', async () => {
    const embedded = await startEmbeddedPostgres(pgDir);
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query('create table rows (writer int, batch int, n int)');
    const writes = writeBatches(embedded.url);
    while (writes.committed() < 200) await client.query('select pg_sleep(0.05)');
    const before = writes.committed();
    const backup = await backupRunning(embedded.url, pgDir);
    const after = writes.committed();
    await writes.stop();
    const total = Number((await client.query('select count(*) from rows')).rows[0].count);
    await client.end();
    await embedded.stop();
    expect(total).toBeGreaterThan(after);

    expect((await listBackups(pgDir)).map((b) => b.dir)).toEqual([backup.dir]);
    expect(await chooseBackup(pgDir)).toEqual(backup);
    const restored = await restoreBackup(pgDir, backup);
    expect(restored.movedAside).toMatch(/pg\.before-restore-/);
    expect(fs.existsSync(path.join(restored.movedAside!, 'PG_VERSION'))).toBe(true);

    const again = await startEmbeddedPostgres(pgDir);
    const check = new pg.Client({ connectionString: again.url });
    await check.connect();
    try {
      const count = Number((await check.query('select count(*) from rows')).rows[0].count);
      // Everything committed before the backup began, nothing after it ended, and no half batch.
      expect(count).toBeGreaterThanOrEqual(before);
      expect(count).toBeLessThanOrEqual(after);
      const torn = await check.query(`select writer, batch from rows group by writer, batch having count(*) <> ${BATCH}`);
      expect(torn.rows).toEqual([]);
    } finally {
      await check.end();
      await again.stop();
    }
  }, 300_000);

  it('keeps the newest ones and drops unfinished copies', async () => {
    const backups = path.join(dataDir, 'backups');
    for (const day of ['10', '11', '12']) {
      const dir = path.join(backups, `pg-2026-11-${day}T00-00-00Z`);
      fs.mkdirSync(path.join(dir, 'pg'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'backup.json'), JSON.stringify({ created_at: `2026-11-${day}T00:00:00.000Z`, bytes: 1 }));
    }
    fs.mkdirSync(path.join(backups, 'pg-2026-11-13T00-00-00Z.partial'));
    await pruneBackups(pgDir, 2);
    const left = fs.readdirSync(backups).sort();
    expect(left).not.toContain('pg-2026-11-13T00-00-00Z.partial');
    expect(left).not.toContain('pg-2026-11-10T00-00-00Z');
    expect(left).toHaveLength(2);
  });
});
