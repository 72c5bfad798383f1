import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedStartError, startEmbeddedPostgres } from './embedded';

const fixture = path.resolve(import.meta.dirname, '../../../tests/fixtures/pglite-two-writers-datadir.tar.gz');
let dataDir: string;
let pgDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-recovery-'));
  execFileSync('tar', ['-xzf', fixture, '-C', dataDir]);
  pgDir = path.join(dataDir, 'pg');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('a data directory the embedded database cannot start from', () => {
  it('is explained plainly, left in place, and its lock released', async () => {
    const before = fs.readFileSync(path.join(pgDir, 'global/pg_control'));
    const error = await startEmbeddedPostgres(pgDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedStartError);
    const message = (error as Error).message;
    expect(message).toContain(`The embedded database in ${pgDir} could not start.`);
    expect(message).toContain('PANIC: could not locate a valid checkpoint record');
    expect(message).toContain(`There is no backup in ${path.join(dataDir, 'backups')} to restore.`);
    expect(fs.readFileSync(path.join(pgDir, 'global/pg_control')).equals(before)).toBe(true);
    const lock = await lockDataDir(pgDir);
    await lock.release();
  }, 120_000);

  it('names the newest backup and the command that restores it', async () => {
    for (const [name, createdAt] of [
      ['pg-2026-11-20T10-00-00Z', '2026-11-20T10:00:00.000Z'],
      ['pg-2026-11-25T10-00-00Z', '2026-11-25T10:00:00.000Z'],
    ] as const) {
      fs.mkdirSync(path.join(dataDir, 'backups', name, 'pg'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'backups', name, 'backup.json'), JSON.stringify({ created_at: createdAt, bytes: 1 }));
    }
    // An unfinished copy (no backup.json) is never offered.
    fs.mkdirSync(path.join(dataDir, 'backups', 'pg-2026-11-26T10-00-00Z.partial', 'pg'), { recursive: true });
    const message = ((await startEmbeddedPostgres(pgDir).catch((e: unknown) => e)) as Error).message;
    const newest = path.join(dataDir, 'backups', 'pg-2026-11-25T10-00-00Z');
    expect(message).toContain(`The newest backup was made at 2026-11-25T10:00:00.000Z: ${newest}`);
    expect(message).toContain(`DATA_DIR=${dataDir} npm run restore -- ${newest}`);
  }, 120_000);
});
