import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open the embedded database's files. PGlite takes no lock of its own (it
 * writes `-42` as the postmaster's pid), and two processes on one data directory destroy it: the
 * second start's end-of-recovery checkpoint lands in pg_control while the first keeps writing WAL
 * over that checkpoint's record, so the next start finds no valid checkpoint (electric-sql/pglite#327,
 * `../shared/fixtures/pglite-crashed-datadir.tar.gz`), or replays from the wrong place and silently
 * loses committed rows. A `kill -9` of `npm start` leaves its node child running, and starting again
 * then opened the same files from a second process.
 *
 * The lock is a listening local socket: the kernel frees it the moment its holder dies, however it
 * dies, so a crash never leaves a stale lock and the next start never waits for one. The same socket
 * answers `status` (who holds the lock) and, with the token only the data directory's owner can
 * read, the commands the holder registers (`npm run backup` asks the running server this way).
 */

export type ControlCommand = (args: Record<string, unknown>) => Promise<Record<string, unknown>>;

export type DataDirLock = {
  /** Registers a command other processes may ask the holder to run (with the control token). */
  handle(name: string, command: ControlCommand): void;
  release(): Promise<void>;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'Only one process may open it: stop that one first (a second one would corrupt the database).',
    );
  }
}

const TOKEN_FILE = '.control-token';

/** The lock's address for a directory: the same for every path that names it (symlinks, `./data`). */
function lockAddress(dir: string): { address: string; isFile: boolean } {
  const id = createHash('sha256').update(fs.realpathSync(dir)).digest('hex').slice(0, 32);
  // Linux: an abstract socket (no file, freed by the kernel with its holder). Windows: a named pipe,
  // the same. Elsewhere a socket file in the temp folder (data directories can be deeper than the
  // 104 characters a socket path may have), cleaned up below when its holder is gone.
  if (process.platform === 'linux') return { address: `\0platform-data-${id}`, isFile: false };
  if (process.platform === 'win32') return { address: `\\\\.\\pipe\\platform-data-${id}`, isFile: false };
  return { address: path.join(os.tmpdir(), `platform-data-${id}.sock`), isFile: true };
}

function listen(server: net.Server, address: string): Promise<'listening' | 'in-use'> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve('listening');
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(address);
  });
}

/** Sends one request line to the holder and reads its one answer line (null: nobody answers). */
function ask(address: string, request: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let input = '';
    const done = (answer: Record<string, unknown> | null) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => {
      input += chunk.toString('utf8');
      const end = input.indexOf('\n');
      if (end < 0) return;
      try {
        done(JSON.parse(input.slice(0, end)) as Record<string, unknown>);
      } catch {
        done(null);
      }
    });
    socket.on('end', () => done(null));
  });
}

function readToken(dir: string): Buffer | null {
  try {
    return Buffer.from(fs.readFileSync(path.join(dir, TOKEN_FILE), 'utf8').trim(), 'utf8');
  } catch {
    return null;
  }
}

function tokenMatches(expected: Buffer, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const candidate = Buffer.from(given, 'utf8');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/**
 * Takes the lock on `dir` (created when missing) or throws DataDirInUseError naming the holder.
 * Call it before PGlite opens a single file there.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  fs.mkdirSync(dir, { recursive: true });
  const { address, isFile } = lockAddress(dir);
  const commands = new Map<string, ControlCommand>();
  const token = randomBytes(24).toString('base64url');

  const server = net.createServer((socket) => {
    let input = '';
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      input += chunk.toString('utf8');
      if (input.length > 64 * 1024) return socket.destroy();
      const end = input.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  // The lock must never keep a process alive that has nothing else to do.
  server.unref();

  async function answer(line: string): Promise<Record<string, unknown>> {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return { ok: false, error: 'malformed request' };
    }
    if (request.command === 'status') return { ok: true, pid: process.pid };
    const command = typeof request.command === 'string' ? commands.get(request.command) : undefined;
    if (!command) return { ok: false, error: `unknown command ${String(request.command)}` };
    if (!tokenMatches(Buffer.from(token, 'utf8'), request.token)) return { ok: false, error: 'wrong control token' };
    try {
      return { ok: true, ...(await command(request)) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  let outcome = await listen(server, address);
  if (outcome === 'in-use' && isFile) {
    // A socket file outlives a holder that was killed: nobody answering on it means it is stale.
    const holder = await ask(address, { command: 'status' }, 2000);
    if (!holder) {
      fs.rmSync(address, { force: true });
      outcome = await listen(server, address);
    }
  }
  if (outcome === 'in-use') {
    const holder = await ask(address, { command: 'status' }, 2000);
    throw new DataDirInUseError(dir, typeof holder?.pid === 'number' ? holder.pid : null);
  }
  fs.writeFileSync(path.join(dir, TOKEN_FILE), `${token}\n`, { mode: 0o600 });

  return {
    handle: (name, command) => void commands.set(name, command),
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (isFile) fs.rmSync(address, { force: true });
      }),
  };
}

/** Whether a process holds the lock on `dir`, and which. */
export async function lockHolder(dir: string): Promise<{ pid: number | null } | null> {
  if (!fs.existsSync(dir)) return null;
  const answer = await ask(lockAddress(dir).address, { command: 'status' }, 2000);
  if (!answer) return null;
  return { pid: typeof answer.pid === 'number' ? answer.pid : null };
}

/** Asks the process holding `dir` to run a registered command; its answer, or null when none holds it. */
export async function askHolder(
  dir: string,
  command: string,
  args: Record<string, unknown> = {},
  timeoutMs = 60 * 60 * 1000,
): Promise<Record<string, unknown> | null> {
  const token = readToken(dir);
  if (!token) return null;
  return ask(lockAddress(dir).address, { ...args, command, token: token.toString('utf8') }, timeoutMs);
}
