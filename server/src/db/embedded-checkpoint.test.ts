import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-checkpoint-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('takes checkpoints on its own, so a start after a crash replays little WAL', async () => {
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { checkpointEveryMs: 300 });
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    const checkpointAt = async () =>
      (await client.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0]!.lsn;
    const first = await checkpointAt();
    await client.query('create table written (n int)');
    await client.query('insert into written select generate_series(1, 1000)');
    let now = first;
    while (now === first) {
      await client.query('select pg_sleep(0.1)');
      now = await checkpointAt();
    }
    expect(now).not.toBe(first);
  } finally {
    await client.end();
    await embedded.stop();
  }
}, 120_000);
