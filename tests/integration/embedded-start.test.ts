import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/api';
import { passwordGrant } from './helpers/factories';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.join(root, 'server/dist/main.js');

let child: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-embedded-start-'));

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serverEnv = () => {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return rest;
};

/** Starts `node server/dist/main.js` and resolves with the URL it logs once it listens. */
function startBuiltServer(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, [mainJs], { env: { ...serverEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe('the built server on its embedded database', () => {
  it('starts on a free port, and the default admin logs in and reads /users/me', { timeout: 180_000 }, async () => {
    expect(fs.existsSync(mainJs), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
    const url = await startBuiltServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const api = apiClient(url);
    const login = await api.post('/oauth/token', passwordGrant('admin@example.com', 'administrator'));
    expect(login.status).toBe(200);
    expect(login.body.token_type).toBe('Bearer');
    const me = await api.get('/users/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@example.com', username: 'admin', role: 'admin' });
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(true);

    // The data survives a restart, and the seed does not run twice.
    const renamed = await api.put('/config/site', { name: 'Flood reports' }, { token: login.body.access_token });
    expect(renamed.status).toBe(200);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    await exited;
    const again = apiClient(await startBuiltServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }));
    expect((await again.get('/config/site')).body.name).toBe('Flood reports');
    const relogin = await again.post('/oauth/token', passwordGrant('admin@example.com', 'administrator'));
    expect(relogin.status).toBe(200);
  });
});

/** Runs one of the embedded database's scripts (`npm run backup`, `npm run restore`) as a user would. */
function runScript(script: string, args: string[] = []): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/embedded', script), ...args],
      { cwd: root, env: { ...serverEnv(), DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const ended = (signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child!.once('exit', () => resolve());
    child!.kill(signal);
  });

describe("the embedded database's data directory", () => {
  it('serves one process, is backed up while running, and is restored after a crash', { timeout: 300_000 }, async () => {
    if (child && child.exitCode === null) await ended('SIGTERM');
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', EMBEDDED_BACKUP_HOURS: '0' };
    const api = apiClient(await startBuiltServer(env));
    const first = child!;
    const token = (await api.post('/oauth/token', passwordGrant('admin@example.com', 'administrator'))).body.access_token as string;

    // A second server on the same files is refused while the first runs (it would corrupt them).
    const second = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const other = spawn(process.execPath, [mainJs], { env: { ...serverEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      other.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      other.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      other.once('exit', (code) => resolve({ code, output }));
    });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`is in use by another process (pid ${first.pid})`);

    expect((await api.put('/config/site', { name: 'Before the backup' }, { token })).status).toBe(200);
    const backup = await runScript('backup.ts');
    expect(backup.output).toMatch(/Backup made: .*backups\/pg-.* \(\d+ MB, made by the running server\)/);
    expect(backup.code).toBe(0);
    expect((await api.put('/config/site', { name: 'After the backup' }, { token })).status).toBe(200);

    // A restore waits for the server to stop; after a crash it puts the backup in place.
    const refused = await runScript('restore.ts');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stop the server, then run npm run restore again.');
    await ended('SIGKILL');
    const restored = await runScript('restore.ts');
    expect(restored.output).toContain('Restored: the database started from the backup');
    expect(restored.code).toBe(0);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith('pg.before-restore-'))).toBe(true);

    const again = apiClient(await startBuiltServer(env));
    expect((await again.get('/config/site')).body.name).toBe('Before the backup');
  });
});
