import { sql } from 'kysely';
import pg from 'pg';
import type { TestServer } from './server';

/** Resolves once a session on this server's database waits for a lock another transaction holds. */
async function lockWaiter(server: TestServer, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where not l.granted and a.datname = current_database()`.execute(server.ctx.db);
    if (rows[0]!.n > 0) return;
    if (Date.now() > end) throw new Error(`no request waited for a lock within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Sends `request` while another transaction holds the row `id` of `table`, and deletes that row
 * once the request waits for it: the write lands on a row that was there when the request read it
 * and is gone when it writes. Needs a database server (the embedded one runs one transaction at a time).
 */
export async function deletedWhileWaiting<T>(
  server: TestServer,
  table: 'users' | 'forms',
  id: number,
  request: () => Promise<T>,
): Promise<T> {
  const other = new pg.Client({ connectionString: server.databaseUrl });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(`select id from ${table} where id = $1 for update`, [id]);
    const pending = request();
    await lockWaiter(server);
    await other.query(`delete from ${table} where id = $1`, [id]);
    await other.query('commit');
    return await pending;
  } finally {
    await other.end();
  }
}
