// `npm run crash -- [--kills N] [--database embedded|external|both] [--writers N] [--seed N]`
//
// Kills the real server with SIGKILL at random moments while it writes posts (and now and then
// while it is still starting, in the middle of its own recovery), starts it again each time, and
// checks that every start succeeds and that every post whose creation was acknowledged (a 200 with
// its id) is there afterwards with its title. Exits non-zero on any failed start or missing post.
// `external` runs the same loop against a fresh database on TEST_DATABASE_URL's server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { passwordToken } from '../bench/login';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.join(root, 'server/dist/main.js');
const PASSWORD = 'administrator';

type Options = { kills: number; databases: Array<'embedded' | 'external'>; writers: number; seed: number; maxWriteMs: number };

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const database = value('database') ?? 'both';
  if (!['embedded', 'external', 'both'].includes(database)) throw new Error('--database is embedded, external or both');
  return {
    kills: Number(value('kills') ?? 100),
    databases: database === 'both' ? ['embedded', 'external'] : [database as 'embedded' | 'external'],
    writers: Number(value('writers') ?? 8),
    seed: Number(value('seed') ?? Date.now() % 100_000),
    maxWriteMs: Number(value('max-write-ms') ?? 1500),
  };
}

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = { child: ChildProcess; url: Promise<string>; output: () => string };

function launch(env: Record<string, string>): Node {
  const { DATABASE_URL: _unused, ...base } = process.env;
  const child = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', EMBEDDED_BACKUP_HOURS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http:\/\/\S+) /.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${signal ?? code}) before it was running`)));
  });
  url.catch(() => undefined);
  return { child, url, output: () => output };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const adminToken = (url: string): Promise<string> => passwordToken(url, 'admin@example.com', PASSWORD);

type Acked = { id: number; title: string };

/** Writers creating posts until the server dies; every 200 is an acknowledged post. */
async function write(url: string, token: string, writers: number, runId: string, acked: Acked[], onAck: () => void): Promise<void> {
  let n = 0;
  const one = async () => {
    for (;;) {
      const title = `kill-loop ${runId} ${n++}`;
      let res: Response;
      try {
        res = await fetch(`${url}/api/v3/posts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ title, content: 'written while the server may be killed', form: null, status: 'published' }),
        });
      } catch {
        return; // The server is gone: this request's outcome is unknown, so it is not counted.
      }
      if (res.status !== 200) throw new Error(`POST /posts answered ${res.status}: ${await res.text()}`);
      const body = (await res.json().catch(() => null)) as { id?: number } | null;
      if (typeof body?.id === 'number') {
        acked.push({ id: body.id, title });
        onAck();
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, one));
}

/** Requests in flight while checking: one at a time, the check of each round took about a second. */
const CHECKERS = 8;

/** The acknowledged posts the server does not have (with the title they were written with). */
async function missing(url: string, token: string, posts: Acked[]): Promise<Acked[]> {
  const lost: Acked[] = [];
  let next = 0;
  const checker = async () => {
    for (let post = posts[next++]; post; post = posts[next++]) {
      const res = await fetch(`${url}/api/v3/posts/${post.id}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = res.status === 200 ? ((await res.json()) as { title?: string }) : null;
      if (body?.title !== post.title) lost.push(post);
    }
  };
  await Promise.all(Array.from({ length: CHECKERS }, checker));
  return lost;
}

type Outcome = {
  database: string;
  kills: number;
  duringStart: number;
  failedStarts: number;
  acked: number;
  lost: Acked[];
  startMs: number[];
};

async function loop(database: 'embedded' | 'external', options: Options, rand: () => number): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `platform-kill-loop-${database}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
  let dropDatabase = async () => {};
  if (database === 'external') {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('the external loop needs TEST_DATABASE_URL (a Postgres server with PostGIS)');
    const name = `platform_kill_loop_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const outcome: Outcome = { database, kills: 0, duringStart: 0, failedStarts: 0, acked: 0, lost: [], startMs: [] };
  let unchecked: Acked[] = [];
  const all: Acked[] = [];
  try {
    // The first start creates the database; it is not a restart after a kill.
    let node = launch(env);
    let url = await node.url;
    for (let kill = 1; kill <= options.kills; kill++) {
      const token = await adminToken(url);
      const lost = await missing(url, token, unchecked);
      outcome.lost.push(...lost);
      unchecked = [];
      const acked: Acked[] = [];
      let acknowledged = () => {};
      const firstAck = new Promise<void>((resolve) => (acknowledged = resolve));
      const writing = write(url, token, options.writers, `${database}-${kill}`, acked, () => acknowledged());
      // The kill lands at a random moment once writes are being acknowledged, so every round puts
      // acknowledged posts at stake while others are in flight (on a busy machine the first answer
      // can take longer than the whole window).
      await Promise.race([firstAck, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await new Promise((resolve) => setTimeout(resolve, rand() * options.maxWriteMs));
      await killed(node.child);
      await writing;
      unchecked.push(...acked);
      all.push(...acked);
      outcome.kills++;

      // One kill in ten lands while the next start is still recovering.
      if (rand() < 0.1) {
        const early = launch(env);
        await new Promise((resolve) => setTimeout(resolve, rand() * 1500));
        await killed(early.child);
        outcome.kills++;
        outcome.duringStart++;
      }
      const began = Date.now();
      node = launch(env);
      try {
        url = await node.url;
      } catch (error) {
        outcome.failedStarts++;
        console.error(`start after kill ${kill} failed: ${(error as Error).message}\n${node.output()}`);
        break;
      }
      outcome.startMs.push(Date.now() - began);
      process.stdout.write(`\r${database}: ${outcome.kills} kills, ${all.length} acknowledged posts`);
    }
    process.stdout.write('\n');
    if (outcome.failedStarts === 0) {
      const token = await adminToken(url);
      outcome.lost.push(...(await missing(url, token, unchecked)));
      // Everything once more at the end: a later recovery must not have undone an earlier one.
      const lostAtEnd = await missing(url, token, all);
      for (const post of lostAtEnd) if (!outcome.lost.some((p) => p.id === post.id)) outcome.lost.push(post);
      node.child.kill('SIGTERM');
      await new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
    }
    outcome.acked = all.length;
  } finally {
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return outcome;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const options = parseOptions(process.argv.slice(2));
if (!fs.existsSync(mainJs)) {
  console.error('server/dist/main.js is missing: run `npm run build` first.');
  process.exit(2);
}
console.log(`kill loop: ${options.kills} kills per database, ${options.writers} writers, seed ${options.seed}`);
const rand = random(options.seed);
let failed = false;
for (const database of options.databases) {
  const o = await loop(database, options, rand);
  const ok = o.failedStarts === 0 && o.lost.length === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${database}: ${o.kills} kills (${o.duringStart} during a start), ${o.failedStarts} failed starts, ` +
      `${o.acked} acknowledged posts, ${o.lost.length} missing; restart median ${median(o.startMs)} ms`,
  );
  for (const post of o.lost.slice(0, 10)) console.log(`  missing: post ${post.id} "${post.title}"`);
}
process.exit(failed ? 1 : 0);
