import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const mainJs = path.resolve(import.meta.dirname, '../../server/dist/main.js');

export type ExtraNode = {
  url: string;
  /** Ends the process at once, as a crash would (no graceful socket close). */
  crash(): Promise<void>;
  /** Starts the node again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

function launch(databaseUrl: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [mainJs], {
    env: { ...env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RUN_WORKERS: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1].replace(/\/$/, '') });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`extra node exited with ${code}:\n${output}`)));
  });
}

const ended = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** A second API node (`npm run start:node` in production) on the e2e database, for crash and restart tests. */
export async function startExtraNode(databaseUrl: string): Promise<ExtraNode> {
  let current = await launch(databaseUrl, 0);
  const port = Number(new URL(current.url).port);
  return {
    url: current.url,
    crash: () => ended(current.child, 'SIGKILL'),
    async restart() {
      current = await launch(databaseUrl, port);
    },
    stop: () => ended(current.child, 'SIGTERM'),
  };
}
