import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { postgis } from '@electric-sql/pglite-postgis';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

/**
 * Starts PGlite with PostGIS behind a local Postgres socket so the same `pg`, kysely and pg-boss
 * code paths run with no database installed (DESIGN 3). `dataDir` undefined keeps it in memory.
 * PGlite runs one transaction at a time: never wait on a second connection inside a transaction.
 */
export async function startEmbeddedPostgres(dataDir?: string, port = 0): Promise<EmbeddedPostgres> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir: dataDir ?? 'memory://', extensions: { postgis, pg_trgm } });
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 100 });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
  return {
    url,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
