import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, createUser, tokenFor } from './helpers/factories';
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

  it.runIf(sideBySide)('holds back an event until every older transaction has ended', async () => {
    const watcher = await open({});
    const blocker = new pg.Client({ connectionString: server.databaseUrl });
    const writer = new pg.Client({ connectionString: server.databaseUrl });
    await blocker.connect();
    await writer.connect();
    try {
      await blocker.query('begin');
      const blockedId = await appendRaw(blocker, 'site');
      const readyId = await appendRaw(writer, 'site');
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Nothing past the open transaction is delivered yet: delivering `readyId` now could let the
      // client's cursor pass `blockedId` before it commits.
      expect(watcher.events.map((e) => e.id)).not.toContain(readyId);
      await blocker.query('commit');
      const events = await watcher.waitFor((e) => e.id === blockedId || e.id === readyId, 2);
      expect(events.map((e) => e.id)).toEqual([blockedId, readyId]);
    } finally {
      await blocker.end();
      await writer.end();
    }
  });
});
