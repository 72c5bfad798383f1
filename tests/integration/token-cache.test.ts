import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminToken, createRole, createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus } from './helpers/surveys';

/**
 * A node takes a token it has read as working for a while (API_TOKEN_CACHE_MS, here longer than
 * any test), and the event reader tells it of changes made elsewhere. A change made through the
 * node itself must not wait for that reader: here it is stopped, so only what the node's own
 * commits tell the cache can make these pass.
 */
let server: TestServer & { close: () => Promise<void> };
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ env: { API_TOKEN_CACHE_MS: '60000' } });
  admin = await adminToken(server);
  await server.ctx.reader.stop();
});
afterAll(async () => server?.close());

describe('the token cache, on the node that made the change', () => {
  it('refuses a token the moment it is logged out', async () => {
    const user = await createUser(server);
    expectStatus(await server.api.get('/users/me', { token: user.token }), 200);
    const revoke = await server.api.request('POST', '/oauth/revoke', {
      body: { token: user.token, client_id: PUBLIC_CLIENT_ID, client_secret: PUBLIC_CLIENT_SECRET },
    });
    expectStatus(revoke, 200);
    expectStatus(await server.api.get('/users/me', { token: user.token }), 401);
  });

  it("follows a user's demotion and deletion at once", async () => {
    const user = await createUser(server, { role: 'admin' });
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 200);
    expectStatus(await server.api.put(`/users/${user.id}`, { role: 'user' }, { token: admin }), 200);
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 403);
    expectStatus(await server.api.del(`/users/${user.id}`, { token: admin }), 200);
    expectStatus(await server.api.get('/users/me', { token: user.token }), 401);
  });

  it("follows a change of the role's permissions at once", async () => {
    const role = await createRole(server, ['Manage Settings']);
    const user = await createUser(server, { role });
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 200);
    const { id } = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow();
    expectStatus(await server.api.put(`/roles/${id}`, { permissions: [] }, { token: admin }), 200);
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 403);
  });

  it('still answers a working token from memory: a change the node was not told of is not seen', async () => {
    const user = await createUser(server, { role: 'admin' });
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 200);
    // Written behind the API's back, as no event announces it: the cached token still works.
    await server.ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    expectStatus(await server.api.get('/apikeys', { token: user.token }), 200);
  });
});
