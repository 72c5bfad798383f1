import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './helpers/database';
import { adminToken, createUser, tokenFor } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';

let server: TestServer & { close: () => Promise<void> };
/**
 * Transactions open side by side need a database server: the embedded database serves one session
 * at a time, so its commits cannot interleave and those tests have nothing to prove there.
 */
const sideBySide = inject('database').mode === 'server';
const sockets: TestSocket[] = [];
const open = async (auth: { token?: string; lastEventId?: number }) => {
  const socket = await connectSocket(server.url, auth);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

/** The transaction a raw connection is in (the same one while it stays open). */
const xidOf = async (client: pg.Client) => (await client.query<{ xid: string }>('select txid_current()::text as xid')).rows[0]!.xid;

/** Appends an event the way services do, through a raw connection we control. */
async function appendRaw(client: pg.Client, group: string): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    "insert into events (type, aggregate_type, aggregate_id, actor_id, payload) values ('config.updated', 'config', $1, null, '{}') returning id",
    [group],
  );
  await client.query("select pg_notify('platform_events', '')");
  return Number(rows[0]!.id);
}

describe('realtime hub', () => {
  it('pushes each event only to sockets whose caller may read it', async () => {
    const admin = await adminToken(server);
    const member = await createUser(server);
    const otherMember = await createUser(server);
    const adminSocket = await open({ token: admin });
    const memberSocket = await open({ token: member.token });
    const otherSocket = await open({ token: otherMember.token });
    const anonymousSocket = await open({});
    const clientTokenSocket = await open({ token: await tokenFor(server, null) });

    expect((await server.api.put('/config/data-provider', { providers: { smssync: true } }, { token: admin })).status).toBe(200);
    expect((await server.api.put('/users/me', { realname: 'Renamed Member' }, { token: member.token })).status).toBe(200);
    expect((await server.api.put('/config/site', { description: 'pushed to everyone' }, { token: admin })).status).toBe(200);

    // The site change is the last one; once a socket has it, it has had its chance at the others.
    const site = (e: { aggregate_id: string }) => e.aggregate_id === 'site';
    for (const s of [adminSocket, memberSocket, otherSocket, anonymousSocket, clientTokenSocket]) await s.waitFor(site);

    const seen = (s: TestSocket) => s.events.map((e) => `${e.type}:${e.aggregate_id}`);
    expect(seen(adminSocket)).toEqual(['config.updated:data-provider', `user.updated:${member.id}`, 'config.updated:site']);
    expect(seen(memberSocket)).toEqual([`user.updated:${member.id}`, 'config.updated:site']);
    expect(seen(otherSocket)).toEqual(['config.updated:site']);
    expect(seen(anonymousSocket)).toEqual(['config.updated:site']);
    expect(seen(clientTokenSocket)).toEqual(['config.updated:site']);
  });

  it('tells every API answer its event position; a socket resuming from it gets what changed since the page read', async () => {
    const admin = await adminToken(server);
    // A change, so the log is not empty, then a page reads its data.
    const before = await server.api.put('/config/site', { name: `Before ${Date.now()}` }, { token: admin });
    expect(before.status).toBe(200);
    await expect.poll(async () => Number((await server.api.get('/config/site')).headers.get('X-Event-Position'))).toBeGreaterThan(0);
    const read = await server.api.get('/config/site');
    const position = Number(read.headers.get('X-Event-Position'));
    // Another change lands before the page's socket connects: the socket resuming from the page's
    // position receives it; one connecting without a position would not.
    const name = `After ${Date.now()}`;
    expect((await server.api.put('/config/site', { name }, { token: admin })).status).toBe(200);
    const resumed = await open({ lastEventId: position });
    const [update] = await resumed.waitFor((e) => e.type === 'config.updated' && e.id > position);
    expect(update!.aggregate_id).toBe('site');
  });

  it('refuses a socket with an invalid token', async () => {
    await expect(connectSocket(server.url, { token: 'nope' })).rejects.toThrow(/unauthorized/);
  });

  it('replays what a reconnecting socket missed, in order, once, then continues live', async () => {
    const admin = await adminToken(server);
    const first = await open({ token: admin });
    await server.api.put('/config/site', { description: 'before the drop' }, { token: admin });
    const [seen] = await first.waitFor((e) => e.type === 'config.updated');
    first.close();

    for (const description of ['missed 1', 'missed 2', 'missed 3']) {
      await server.api.put('/config/site', { description }, { token: admin });
    }
    const missed = await server.ctx.db.selectFrom('events').select('id').where('id', '>', seen!.id).orderBy('id').execute();
    expect(missed).toHaveLength(3);

    const again = await open({ token: admin, lastEventId: seen!.id });
    expect(again.events.map((e) => e.id)).toEqual(missed.map((m) => m.id));

    await server.api.put('/config/site', { description: 'live again' }, { token: admin });
    const all = await again.waitFor(() => true, 4);
    expect(all.map((e) => e.id)).toEqual([...new Set(all.map((e) => e.id))]);
    expect(all).toHaveLength(4);
  });

  it.runIf(sideBySide)('delivers events whose transactions commit out of id order, without skipping the late one', async () => {
    const watcher = await open({});
    const early = new pg.Client({ connectionString: server.databaseUrl });
    const late = new pg.Client({ connectionString: server.databaseUrl });
    await early.connect();
    await late.connect();
    try {
      await early.query('begin');
      await early.query('select pg_current_xact_id()');
      await late.query('begin');
      const lowId = await appendRaw(late, 'site');
      const highId = await appendRaw(early, 'site');
      expect(highId).toBeGreaterThan(lowId);

      // The higher id commits first. A reader that followed ids alone would skip `lowId` forever.
      await early.query('commit');
      await watcher.waitFor((e) => e.id === highId);
      await late.query('commit');
      await watcher.waitFor((e) => e.id === lowId);
      const ids = watcher.events.map((e) => e.id).filter((id) => id === lowId || id === highId);
      expect(ids.sort()).toEqual([lowId, highId].sort());
    } finally {
      await early.end();
      await late.end();
    }
  });

  it.runIf(sideBySide)(
    'delivers what commits while an older event-writing transaction is open, and its event once it commits',
    async () => {
      const watcher = await open({});
      const blocker = new pg.Client({ connectionString: server.databaseUrl });
      const writer = new pg.Client({ connectionString: server.databaseUrl });
      await blocker.connect();
      await writer.connect();
      try {
        const beforeId = await appendRaw(writer, 'site');
        await watcher.waitFor((e) => e.id === beforeId);
        await blocker.query('begin');
        const blockedId = await appendRaw(blocker, 'site');
        const blockerXid = await xidOf(blocker);
        const readyId = await appendRaw(writer, 'site');
        expect(readyId).toBeGreaterThan(blockedId);

        // An event takes its place in the log as its transaction commits: the open one holds back
        // nothing, and its event, with the lower id, comes after the one that committed first.
        await watcher.waitFor((e) => e.id === readyId);
        expect(await xidOf(blocker)).toBe(blockerXid);
        await blocker.query('commit');
        await watcher.waitFor((e) => e.id === blockedId);
        const order = (s: TestSocket) => s.events.map((e) => e.id).filter((id) => id === blockedId || id === readyId);
        expect(order(watcher)).toEqual([readyId, blockedId]);

        // A socket that reconnects from before both is replayed the same order, once.
        const again = await open({ lastEventId: beforeId });
        expect(order(again)).toEqual([readyId, blockedId]);
      } finally {
        await blocker.end();
        await writer.end();
      }
    },
  );

  it.runIf(sideBySide)('pushes at once while transactions that append no event stay open, in this database or another', async () => {
    const admin = await adminToken(server);
    const watcher = await open({ token: admin });
    // An export's long read here, and a session idle in a transaction (or a pg_dump) elsewhere on
    // the same server: both hold the oldest open transaction back.
    const elsewhere = `platform_idle_${process.pid}_${Date.now().toString(36)}`;
    const serverAdmin = new pg.Client({ connectionString: server.databaseUrl });
    await serverAdmin.connect();
    await serverAdmin.query(`create database "${elsewhere}" template template0`);
    const idle = new pg.Client({ connectionString: withDatabase(server.databaseUrl, elsewhere) });
    const reading = new pg.Client({ connectionString: server.databaseUrl });
    await idle.connect();
    await reading.connect();
    try {
      await idle.query('begin');
      const idleXid = await xidOf(idle);
      await reading.query('begin isolation level repeatable read');
      const readingXid = await xidOf(reading);
      await reading.query('select count(*) from events');

      const delays: number[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await createPost(server, admin, postBody(null, { status: 'published' }));
        // From the answer, which follows the commit, to the push (none when it came first); the
        // request's own time is not a push delay, and on a busy machine it alone can near a second.
        const answered = performance.now();
        await watcher.waitFor((e) => e.type === 'post.created' && e.aggregate_id === String(created.id), 1, 5000);
        delays.push(performance.now() - answered);
      }
      // Every push arrived while both transactions were still open (the same ones, not new ones).
      expect(await xidOf(idle)).toBe(idleXid);
      expect(await xidOf(reading)).toBe(readingXid);
      const sorted = delays.sort((x, y) => x - y);
      expect(sorted[Math.ceil(0.95 * sorted.length) - 1]).toBeLessThan(1000);
    } finally {
      await idle.end();
      await reading.end();
      await serverAdmin.query(`drop database if exists "${elsewhere}" with (force)`);
      await serverAdmin.end();
    }
  });
});
