import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { dockerAvailable, ensureTemplate, prepareSchema } from './helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `server`: clone `template` on `serverUrl`; `embedded`: copy `snapshotDir` into a PGlite per file. */
    database: { mode: 'server'; serverUrl: string; template: string } | { mode: 'embedded'; snapshotDir: string };
  }
}

/**
 * Where integration tests get Postgres + PostGIS (DESIGN 9): TEST_DATABASE_URL, else a
 * testcontainers PostGIS when a Docker engine answers, else the embedded database.
 */
export default async function setup(project: TestProject) {
  const teardown: Array<() => Promise<unknown>> = [];
  let serverUrl = process.env.TEST_DATABASE_URL;

  if (!serverUrl && dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgis/postgis:15-3.4').withDatabase('postgres').start();
    serverUrl = container.getConnectionUri();
    teardown.push(() => container.stop());
  }

  if (serverUrl) {
    const template = await ensureTemplate(serverUrl);
    project.provide('database', { mode: 'server', serverUrl, template });
  } else {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-embedded-'));
    const snapshotDir = path.join(base, 'snapshot');
    const embedded = await startEmbeddedPostgres(snapshotDir);
    await prepareSchema(embedded.url);
    await embedded.stop();
    project.provide('database', { mode: 'embedded', snapshotDir });
    teardown.push(async () => fs.rmSync(base, { recursive: true, force: true }));
  }

  return async () => {
    for (const step of teardown.reverse()) await step();
  };
}
