import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import type { ApiClient } from './api';
import { TEST_ADMIN_PASSWORD } from './database';
import { passwordGrant } from './factories';

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

/** The seeded administrator's token on `api`. */
export async function loginAsAdmin(api: ApiClient): Promise<string> {
  const res = await api.post('/oauth/token', passwordGrant('admin@example.com', TEST_ADMIN_PASSWORD));
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}
