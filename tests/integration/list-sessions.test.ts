import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { connect, connectListSessions, type ListSessions } from '../../server/src/db/database';
import { createTestDatabase } from './helpers/server';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sessions: ListSessions | null;

beforeAll(async () => {
  database = await createTestDatabase();
  sessions = await connectListSessions(database.url, 40);
});

afterAll(async () => {
  await sessions?.close();
  await database?.drop();
});

const setting = async (db: ListSessions['pages'], name: string) =>
  (await sql<Record<string, string>>`select current_setting(${name}) as value`.execute(db)).rows[0]!.value;

describe('list sessions (pages and capped counts in one round trip each)', () => {
  it('plan no parallel workers, and stop a count past its budget, on a real Postgres server only', async () => {
    if (inject('database').mode === 'embedded') {
      // PGlite ignores settings sent at connection start: no sessions rather than sessions without limits.
      expect(sessions).toBeNull();
      return;
    }
    expect(sessions).not.toBeNull();
    const { pages, counts } = sessions!;
    expect(await setting(pages, 'max_parallel_workers_per_gather')).toBe('0');
    expect(await setting(counts, 'max_parallel_workers_per_gather')).toBe('0');
    expect(await setting(pages, 'statement_timeout')).toBe('0');
    await expect(sql`select pg_sleep(0.2)`.execute(counts)).rejects.toMatchObject({ code: '57014' });
    await expect(sql`select pg_sleep(0.1)`.execute(pages)).resolves.toBeDefined();
    // Other sessions keep the server's settings.
    const other = connect(database.url, { max: 1 });
    try {
      expect(await setting(other.db, 'statement_timeout')).toBe('0');
      expect(await setting(other.db, 'max_parallel_workers_per_gather')).not.toBe('0');
    } finally {
      await other.close();
    }
  });

  it('a server keeps its sessions past the idle timeout, each with PostGIS loaded as it opened; other pools load it on first use', async () => {
    if (inject('database').mode === 'embedded') return; // One session, for the life of the process.
    const proj = async (client: pg.PoolClient) =>
      (
        await client.query<{ loaded: boolean }>(
          `select exists (select 1 from pg_backend_memory_contexts where name = 'Proj Context') as loaded`,
        )
      ).rows[0]!.loaded;
    const kept = connect(database.url, { max: 3, keep: 2, idleTimeoutMs: 50 });
    try {
      await kept.open();
      expect(kept.pool.totalCount).toBe(2);
      // One more than it keeps, all at once; every one has PostGIS's geography ready before its first query.
      const clients = await Promise.all([1, 2, 3].map(() => kept.pool.connect()));
      for (const client of clients) expect(await proj(client)).toBe(true);
      // Idle well past the timeout: only the extra session is closed.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        for (const client of clients) client.release();
        vi.advanceTimersByTime(1_000);
      } finally {
        vi.useRealTimers();
      }
      expect(kept.pool.totalCount).toBe(2);
    } finally {
      await kept.close();
    }
    const plain = connect(database.url, { max: 1 });
    try {
      const client = await plain.pool.connect();
      expect(await proj(client)).toBe(false);
      client.release();
    } finally {
      await plain.close();
    }
  });
});
