import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET, SOCKET_CAUGHT_UP, SOCKET_EVENT, type PushedEvent } from '@platform/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/api';
import { adminToken, createRole, createUser } from './helpers/factories';
import { insertPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

const root = path.resolve(import.meta.dirname, '../..');

/** A second API node as its own process (`server/src/main.ts`, what `npm run start:node` runs built). */
type ChildNode = { url: string; child: ChildProcess; kill: () => Promise<void> };

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startChildNode(databaseUrl: string, port: number): Promise<ChildNode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-node-b-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    // A token cache longer than any test: only the events B hears can make it drop a token it took.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      API_TOKEN_CACHE_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node B did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http\S+) /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node B exited with ${code}:\n${output}`));
    });
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, child, kill };
}

let a: TestServer & { close: () => Promise<void> };
let b: ChildNode;
let admin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  a = await startTestServer();
  admin = await adminToken(a);
  b = await startChildNode(a.databaseUrl, await freePort());
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await b?.kill();
  await a?.close();
});

const isLock = (postId: number, type: string) => (e: PushedEvent) =>
  e.aggregate_type === 'lock' && e.aggregate_id === String(postId) && e.type === type;

describe('two API nodes on one database', () => {
  it('pushes what one node commits to sockets held by the other, both ways', async () => {
    const bApi = apiClient(b.url);
    const onA = await connectSocket(a.url, { token: admin });
    const onB = await connectSocket(b.url, { token: admin });
    sockets.push(onA, onB);

    // A lock taken through node A reaches the socket on node B.
    const postId = await insertPost(a, { status: 'published' });
    expectStatus(await a.api.put(`/posts/${postId}/lock`, {}, { token: admin }), 200);
    const [pushed] = await onB.waitFor(isLock(postId, 'lock.acquired'));
    expect(pushed!.payload).toMatchObject({ post_id: postId });

    // A post created through node B reaches the socket on node A.
    const created = await bApi.post('/posts', postBody(null, { status: 'published' }), { token: admin });
    expectStatus(created, 200);
    await onA.waitFor((e) => e.type === 'post.created' && e.aggregate_id === String(created.body.id));

    // And node B's answers show node A's lock.
    expect((await bApi.get(`/posts/${postId}`, { token: admin })).body.lock.user.id).toBeGreaterThan(0);
    expectStatus(await bApi.del(`/posts/${postId}/lock`, { token: admin }), 200);
    await onA.waitFor(isLock(postId, 'lock.released'));
  }, 60_000);

  it('changes what a socket and a request on node B may do as soon as node A demotes or logs out its user (issue 26)', async () => {
    const demoted = await createUser(a, { role: 'admin' });
    const bApi = apiClient(b.url);
    expectStatus(await bApi.get('/apikeys', { token: demoted.token }), 200);
    const author = await createUser(a);
    const onB = await connectSocket(b.url, { token: demoted.token });
    const watcher = await connectSocket(b.url, { token: admin });
    sockets.push(onB, watcher);
    const draft = async () => {
      const res = await a.api.post('/posts', postBody(null, { status: 'draft' }), { token: author.token });
      expectStatus(res, 200);
      return String(res.body.id);
    };
    const seen = await draft();
    await onB.waitFor((e) => e.type === 'post.created' && e.aggregate_id === seen);

    expectStatus(await a.api.put(`/users/${demoted.id}`, { role: 'user' }, { token: admin }), 200);
    const unseen = await draft();
    // A push everyone receives, committed last: once node B's socket has it, it had its chance at the draft.
    expectStatus(await a.api.put('/config/site', { description: 'after the demotion' }, { token: admin }), 200);
    const marker = await a.ctx.db
      .selectFrom('events')
      .select('id')
      .where('aggregate_id', '=', 'site')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await onB.waitFor((e) => e.id === marker.id);
    await watcher.waitFor((e) => e.type === 'post.created' && e.aggregate_id === unseen);
    expect(onB.events.filter((e) => e.aggregate_id === unseen)).toEqual([]);
    // Node B has read the demotion from the log (its socket had a later event): its requests follow it too.
    expectStatus(await bApi.get('/apikeys', { token: demoted.token }), 403);

    // A logout through node A ends the session of node B's socket too.
    const revoke = await a.api.request('POST', '/oauth/revoke', {
      body: { token: demoted.token, client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET },
    });
    expectStatus(revoke, 200);
    expect(await onB.sessionEnded).toEqual({ reason: 'revoked' });
    expectStatus(await bApi.get('/users/me', { token: demoted.token }), 401);
  }, 60_000);

  it('keeps a lock exclusive when acquirers race through both nodes', async () => {
    const bApi = apiClient(b.url);
    const postId = await insertPost(a, { status: 'published' });
    const role = await createRole(a, ['Manage Posts']);
    const racers = await Promise.all(Array.from({ length: 30 }, () => createUser(a, { role })));
    const answers = await Promise.all(
      racers.map((r, i) => (i % 2 === 0 ? a.api : bApi).put(`/posts/${postId}/lock`, {}, { token: r.token })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(29);
    const rows = await a.ctx.db.selectFrom('post_locks').select('user_id').where('post_id', '=', postId).execute();
    expect(rows).toHaveLength(1);

    // The loser on either node cannot update the post while the winner holds the lock.
    const loser = racers.find((r) => r.id !== rows[0]!.user_id)!;
    expectStatus(await bApi.put(`/posts/${postId}`, { title: 'Not mine to edit' }, { token: loser.token }), 422);
    expectStatus(await a.api.put(`/posts/${postId}`, { title: 'Not mine to edit' }, { token: loser.token }), 422);
  }, 60_000);

  it('gives a client that reconnects after its node was killed every missed event, once, in order', async () => {
    const port = Number(new URL(b.url).port);
    const postId = await insertPost(a, { status: 'published' });

    // A client on node B that reconnects by itself and always hands over the last id it saw.
    let lastEventId: number | undefined;
    const received: PushedEvent[] = [];
    let caughtUp = 0;
    const socket: Socket = io(b.url, {
      auth: (cb) => cb({ token: admin, ...(lastEventId === undefined ? {} : { lastEventId }) }),
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    socket.on(SOCKET_EVENT, (event: PushedEvent) => {
      received.push(event);
      lastEventId = event.id;
    });
    socket.on(SOCKET_CAUGHT_UP, () => caughtUp++);
    try {
      await expect.poll(() => caughtUp, { timeout: 10000 }).toBe(1);
      expectStatus(await a.api.put(`/posts/${postId}/lock`, {}, { token: admin }), 200);
      await expect.poll(() => received.some(isLock(postId, 'lock.acquired')), { timeout: 10000 }).toBe(true);
      const seenBeforeKill = lastEventId!;

      // Node B dies with the client connected; node A keeps taking changes.
      await b.kill();
      await expect.poll(() => socket.connected, { timeout: 10000 }).toBe(false);
      expectStatus(await a.api.put(`/posts/${postId}/lock`, {}, { token: admin }), 200);
      expectStatus(await a.api.put(`/posts/${postId}`, { title: 'Changed while B was down' }, { token: admin }), 200);
      expectStatus(await a.api.del(`/posts/${postId}/lock`, { token: admin }), 200);
      const created = await a.api.post('/posts', postBody(null, { status: 'published' }), { token: admin });
      expectStatus(created, 200);

      // What the log holds after the last event the client saw, in commit order.
      const { rows: missed } = await sql<{ id: number }>`
        select e.id from events e join event_commits c on c.xid = e.xid
        where (c.seq, e.id) > (select c.seq, e.id from events e join event_commits c on c.xid = e.xid where e.id = ${seenBeforeKill})
          and e.aggregate_type in ('post', 'lock')
        order by c.seq, e.id`.execute(a.ctx.db);
      expect(missed.length).toBeGreaterThanOrEqual(4);

      // Node B comes back on the same address; the client reconnects on its own.
      b = await startChildNode(a.databaseUrl, port);
      await expect.poll(() => caughtUp, { timeout: 30000 }).toBe(2);
      const afterKill = received.slice(received.findIndex((e) => e.id === seenBeforeKill) + 1);
      const replayed = afterKill.filter((e) => e.aggregate_type === 'post' || e.aggregate_type === 'lock');
      expect(replayed.map((e) => e.id)).toEqual(missed.map((m) => m.id));
      expect(replayed.map((e) => e.type)).toEqual(['lock.renewed', 'post.updated', 'lock.released', 'post.created']);

      // Then live again, and nothing was ever delivered twice.
      expectStatus(await a.api.put(`/posts/${postId}/lock`, {}, { token: admin }), 200);
      await expect.poll(() => received.filter(isLock(postId, 'lock.acquired')).length, { timeout: 10000 }).toBe(2);
      const ids = received.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      socket.close();
    }
  }, 120_000);
});
