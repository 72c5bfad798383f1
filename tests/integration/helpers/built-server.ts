import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { connect, type DbHandle } from '../../../server/src/db/database';
import type { ApiClient } from './api';
import { TEST_ADMIN_PASSWORD } from './database';
import { passwordGrant } from './factories';
import { createTestDatabase } from './server';

/** The built server (`npm run build`) that kill -9 tests start as a real process. */
export const BUILT_MAIN_JS = path.resolve(import.meta.dirname, '../../../server/dist/main.js');

export type BuiltServer = {
  /** Starts `node server/dist/main.js`; resolves with its URL once it listens. */
  start(): Promise<string>;
  /** Sends `signal` to the running process and waits for it to exit (nothing when none runs). */
  stop(signal: NodeJS.Signals): Promise<void>;
};

/** One server process at a time on `databaseUrl` and `dataDir`, with `env` on top (batch sizes, leases). */
export function builtServer(databaseUrl: string, dataDir: string, env: Record<string, string>): BuiltServer {
  let child: ChildProcess | undefined;
  return {
    start() {
      return new Promise((resolve, reject) => {
        const started = spawn(process.execPath, [BUILT_MAIN_JS], {
          env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Platform is running on (http:\/\/[^\s"]+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        started.stdout?.on('data', onData);
        started.stderr?.on('data', onData);
        started.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}:\n${output}`)));
      });
    },
    async stop(signal) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}

/**
 * What a kill -9 test file runs on: a database of its own, a data directory, the built server on
 * them with `env`, and `db` to read what the killed server committed; made before the file's tests
 * and removed after them.
 */
export function killableServer(name: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `platform-${name}-`));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let handle: DbHandle | undefined;
  let built: BuiltServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = connect(database.url, { max: 2 });
    built = builtServer(database.url, dataDir, env);
  });
  afterAll(async () => {
    await built?.stop('SIGTERM');
    await handle?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    get db() {
      return handle!.db;
    },
    get server(): BuiltServer {
      return built!;
    },
  };
}

/** The seeded administrator's token on `api`. */
export async function loginAsAdmin(api: ApiClient): Promise<string> {
  const res = await api.post('/oauth/token', passwordGrant('admin@example.com', TEST_ADMIN_PASSWORD));
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}
