import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts `node server/dist/main.js` and resolves with the URL it logs once it listens. */
function startBuiltServer(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    child = spawn(process.execPath, [mainJs], { env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
