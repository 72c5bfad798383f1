import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The API node under test as its own process, as it runs in production: the load this process
 * generates never shares an event loop with the server it measures. It migrates and seeds its
 * database (a no-op when done before) and answers once it says it is running.
 */
export async function startNodeProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-'));
  // `BENCH_NODE_PROFILE=<dir>` writes the node's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_NODE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_NODE_PROFILE}`] : [];
  // `BENCH_NODE_DIST=1` runs the server's bundle as production does (`npm run build -w server` first):
  // its memory is without tsx's, about 100 MB less.
  const entry = process.env.BENCH_NODE_DIST ? ['server/dist/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
  // As `npm start` and the image run it (README, "Memory"); `BENCH_NODE_FLAGS` adds to it.
  const flags = ['--max-semi-space-size=4', ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [])];
  const child = spawn(process.execPath, [...flags, ...profile, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // As `npm start` and the image run it (README, "Memory").
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http\S+) /.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the node exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, child, stop };
}
