import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askHolder, DataDirInUseError, lockDataDir, lockHolder } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process holding the lock on `dir`, until it is killed. */
function holdInChild(dir: string) {
  const module = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(module)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  const killed = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { child, locked, killed };
}

describe('the data directory lock', () => {
  it('refuses a second holder and names the first', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    try {
      const second = await lockDataDir(dir).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(DataDirInUseError);
      expect((second as DataDirInUseError).holderPid).toBe(process.pid);
      expect((second as Error).message).toMatch(/in use by another process \(pid \d+\)/);
      // The same directory by another name is the same lock.
      await expect(lockDataDir(path.join(dir, '.', '..', path.basename(dir)))).rejects.toBeInstanceOf(DataDirInUseError);
      expect(await lockHolder(dir)).toEqual({ pid: process.pid });
    } finally {
      await lock.release();
    }
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('is free the moment a holder is killed with SIGKILL', async () => {
    const dir = tempDir();
    const holder = holdInChild(dir);
    await holder.locked;
    await expect(lockDataDir(dir)).rejects.toMatchObject({ holderPid: holder.child.pid });
    await holder.killed();
    const lock = await lockDataDir(dir);
    await lock.release();
  }, 60_000);

  it('runs a registered command for a caller with the control token, and only then', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    try {
      lock.handle('echo', async (args) => ({ said: args.word }));
      expect(await askHolder(dir, 'echo', { word: 'hello' })).toEqual({ ok: true, said: 'hello' });
      expect(await askHolder(dir, 'unknown')).toMatchObject({ ok: false, error: 'unknown command unknown' });
      expect(fs.statSync(path.join(dir, '.control-token')).mode & 0o077).toBe(0);
      fs.writeFileSync(path.join(dir, '.control-token'), 'guessed\n');
      expect(await askHolder(dir, 'echo', { word: 'hello' })).toEqual({ ok: false, error: 'wrong control token' });
    } finally {
      await lock.release();
    }
    expect(await lockHolder(dir)).toBeNull();
  });
});
