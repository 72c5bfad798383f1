import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../../server/src/config';
import { startNode, type RunningNode } from '../../../server/src/node';
import { apiClient, type ApiClient } from './api';
import { cloneDatabase, startEmbeddedFromSnapshot } from './database';

export type TestServer = RunningNode & { api: ApiClient; dataDir: string; databaseUrl: string };

export type TestServerOptions = {
  env?: Record<string, string>;
  configure?: (config: AppConfig) => void;
  /** Reuse another server's database (two nodes, restarts). */
  databaseUrl?: string;
};

/** A fresh database for this test file (clone of the migrated template, or an embedded copy). */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = inject('database');
  return database.mode === 'server'
    ? cloneDatabase(database.serverUrl, database.template)
    : startEmbeddedFromSnapshot(database.snapshotDir);
}

/** Starts a real API node (HTTP, socket.io, event reader, job workers) on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer & { stop: () => Promise<void> }> {
  const database = options.databaseUrl ? null : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? database!.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  config.limits.registrationsPerMinute = 10_000;
  config.limits.loginFailuresPerIp = 10_000;
  options.configure?.(config);
  const node = await startNode(config, { prepareDatabase: false, jobPollingIntervalSeconds: 0.5, readerPollMs: 200 });
  return {
    ...node,
    databaseUrl,
    dataDir,
    api: apiClient(node.url),
    /** Stops the node but keeps its database (for restarts). */
    stop: () => node.close(),
    close: async () => {
      await node.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once the node's event reader has handed out every event committed so far, so what they
 * do (dropping kept answers and counts) is done. A committed event is readable at once (its
 * position is taken as it commits), so one pass of the reader started now is enough.
 */
export async function eventsSettled(server: TestServer): Promise<void> {
  await server.ctx.reader.wake();
}
