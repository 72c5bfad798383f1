import { createHash, randomBytes } from 'node:crypto';
import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET, type PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, passwordGrant, unique, type TestUser } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus } from './helpers/surveys';

/**
 * What an open socket receives follows its user (issue 26): a role change, a deletion, a password
 * reset, a logout and an expired token change it at once, without reconnecting.
 */
let server: TestServer & { close: () => Promise<void> };
let admin: string;
let author: TestUser;
const sockets: TestSocket[] = [];
const open = async (token?: string) => {
  const socket = await connectSocket(server.url, token === undefined ? {} : { token });
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  author = await createUser(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const created = (id: number) => (e: PushedEvent) => e.type === 'post.created' && e.aggregate_id === String(id);

/** A member's draft: its post.created (status, author, published_to) goes to the author and managers only. */
async function draft(): Promise<number> {
  const post = await createPost(server, author.token, postBody(null, { status: 'draft' }));
  expect(post.status).toBe('draft');
  return post.id;
}

/**
 * A push everyone receives, after the change under test: once a socket has it, the socket has had
 * its chance at everything committed before it.
 */
async function everyoneHears(...watching: TestSocket[]): Promise<void> {
  expectStatus(await server.api.put('/config/site', { description: unique('marker ') }, { token: admin }), 200);
  const marker = await server.ctx.db
    .selectFrom('events')
    .select('id')
    .where('type', '=', 'config.updated')
    .where('aggregate_id', '=', 'site')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  for (const socket of watching) await socket.waitFor((e) => e.id === marker.id);
}

async function sessionOf(user: TestUser) {
  const res = await server.api.post('/oauth/token', passwordGrant(user.email, user.password));
  expectStatus(res, 200);
  return res.body.access_token as string;
}

describe('socket rights follow the user (issue 26)', () => {
  it('stops admin-only pushes to an admin demoted to member, then deleted, at once', async () => {
    const demoted = await createUser(server, { role: 'admin' });
    const socket = await open(demoted.token);
    const watcher = await open(admin);

    const before = await draft();
    await socket.waitFor(created(before));

    expectStatus(await server.api.put(`/users/${demoted.id}`, { role: 'user' }, { token: admin }), 200);
    const afterDemotion = await draft();
    expectStatus(await server.api.put(`/posts/${afterDemotion}/lock`, {}, { token: admin }), 200);
    await everyoneHears(socket, watcher);
    await watcher.waitFor(created(afterDemotion));
    expect(socket.events.filter(created(afterDemotion))).toEqual([]);
    expect(socket.events.filter((e) => e.aggregate_type === 'lock')).toEqual([]);
    expectStatus(await server.api.get(`/posts/${afterDemotion}`, { token: demoted.token }), 403);

    expectStatus(await server.api.del(`/users/${demoted.id}`, { token: admin }), 200);
    expect(await socket.sessionEnded).toEqual({ reason: 'revoked' });
    const afterDeletion = await draft();
    await everyoneHears(socket, watcher);
    await watcher.waitFor(created(afterDeletion));
    expect(socket.events.filter(created(afterDeletion))).toEqual([]);
    expect(socket.socket.connected).toBe(true);
    expectStatus(await server.api.get('/users/me', { token: demoted.token }), 401);
  });

  it('ends the socket session of a token revoked by logout, and of every token at a password reset', async () => {
    const manager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
    const loggedOut = await sessionOf(manager);
    const resetLater = await sessionOf(manager);
    const first = await open(loggedOut);
    const second = await open(resetLater);
    const seen = await draft();
    await first.waitFor(created(seen));
    await second.waitFor(created(seen));

    const revoke = await server.api.request('POST', '/oauth/revoke', {
      body: { token: loggedOut, client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET },
    });
    expectStatus(revoke, 200);
    expect(await first.sessionEnded).toEqual({ reason: 'revoked' });
    const afterLogout = await draft();
    await everyoneHears(first, second);
    await second.waitFor(created(afterLogout));
    expect(first.events.filter(created(afterLogout))).toEqual([]);

    const code = randomBytes(16).toString('hex');
    await server.ctx.db
      .insertInto('password_resets')
      .values({
        user_id: manager.id,
        token_hash: createHash('sha256').update(code).digest('hex'),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expectStatus(await server.api.post('/passwordreset/confirm', { token: code, password: 'a fresh start today' }), 204);
    expect(await second.sessionEnded).toEqual({ reason: 'revoked' });
    const afterReset = await draft();
    await everyoneHears(second);
    expect(second.events.filter(created(afterReset))).toEqual([]);
  });

  it("follows a role's permissions", async () => {
    const role = await createRole(server, ['Manage Posts']);
    const manager = await createUser(server, { role });
    const socket = await open(manager.token);
    const seen = await draft();
    await socket.waitFor(created(seen));

    const roleId = (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow()).id;
    expectStatus(await server.api.put(`/roles/${roleId}`, { permissions: [] }, { token: admin }), 200);
    const unseen = await draft();
    await everyoneHears(socket);
    expect(socket.events.filter(created(unseen))).toEqual([]);
  });

  it('ends the session of a socket whose token expires, and keeps it as an anonymous listener', async () => {
    const manager = await createUser(server, { role: 'admin' });
    // The token has a couple of seconds left when the socket connects.
    await server.ctx.db
      .updateTable('oauth_access_tokens')
      .set({ expires_at: new Date(Date.now() + 2000) })
      .where('user_id', '=', manager.id)
      .execute();
    const socket = await open(manager.token);
    expect(await socket.sessionEnded).toEqual({ reason: 'expired' });
    const unseen = await draft();
    await everyoneHears(socket);
    expect(socket.events.filter(created(unseen))).toEqual([]);
    // Reconnecting with the dead token is refused, so a client drops it rather than looping.
    await expect(connectSocket(server.url, { token: manager.token })).rejects.toThrow(/unauthorized/);
  });
});
