import { TosMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createUser, tokenFor, type TestUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
});
afterAll(async () => server?.close());

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

function expectVersionError(res: { status: number; body: any }, message: string = TosMessages.versionInvalid) {
  expect(res.status).toBe(422);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer: '/tos_version_date' } });
}

describe('POST /tos (API-CONTRACT 14.10)', () => {
  it('records an agreement by the caller at the server time', async () => {
    const before = Date.now();
    const res = await server.api.post(
      '/tos',
      { tos_version_date: '2017-07-14T19:12:20+00:00', agreement_date: '2001-01-01', user_id: 1 },
      { token: member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/tos/${res.body.id}`,
      user: { id: member.id, url: `${server.url}/api/v3/users/${member.id}` },
      agreement_date: expect.stringMatching(W3C),
      tos_version_date: '2017-07-14T19:12:20+00:00',
      allowed_privileges: ['read', 'create', 'search'],
    });
    const agreed = Date.parse(res.body.agreement_date);
    expect(agreed).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(agreed).toBeLessThanOrEqual(Date.now());
  });

  it('accepts the date forms clients send', async () => {
    const cases: Array<[unknown, string]> = [
      ['2018-05-15T00:00:00.000Z', '2018-05-15T00:00:00+00:00'],
      ['2018-05-15T02:00:00+02:00', '2018-05-15T00:00:00+00:00'],
      ['2018-05-15 10:20:30', '2018-05-15T10:20:30+00:00'],
      ['2018-05-15', '2018-05-15T00:00:00+00:00'],
      ['Tue, 15 May 2018 00:00:00 GMT', '2018-05-15T00:00:00+00:00'],
      [1526342400, '2018-05-15T00:00:00+00:00'],
      ['1526342400', '2018-05-15T00:00:00+00:00'],
      [1526342400000, '2018-05-15T00:00:00+00:00'],
      ['Tue May 15 2018 02:00:00 GMT+0200 (Central European Summer Time)', '2018-05-15T00:00:00+00:00'],
    ];
    for (const [input, expected] of cases) {
      const res = await server.api.post('/tos', { tos_version_date: input }, { token: member.token });
      expect(res.status, String(input)).toBe(200);
      expect(res.body.tos_version_date, String(input)).toBe(expected);
    }
  });

  it('answers a missing or invalid date with 422 on /tos_version_date', async () => {
    const post = (body: unknown) => server.api.post('/tos', body, { token: member.token });
    expectVersionError(await post({}), TosMessages.versionRequired);
    expectVersionError(await post({ tos_version_date: null }), TosMessages.versionRequired);
    for (const bad of [
      'yesterday',
      '',
      'Tue, 15 May 2018 junk',
      'not 2018',
      '2018-13-45',
      true,
      { date: 1 },
      [2018],
      'x'.repeat(10_000),
      1e20,
      -5,
      "2018'; drop table tos; --",
    ]) {
      const res = await post({ tos_version_date: bad });
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(422);
      expectVersionError(res);
    }
    const summary = (await post({ tos_version_date: 'soon' })).body.errors[0];
    expect(summary).toEqual({ status: 422, message: `Failed to validate tos entity:\n${TosMessages.versionInvalid}` });
    const malformed = await server.api.request('POST', '/tos', {
      token: member.token,
      raw: '{"tos_version_date"',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].status).toBe(400);
  });

  it('needs a user: 401 without a token, 403 with a client token (before any 422)', async () => {
    const body = { tos_version_date: '2018-05-15' };
    const none = await server.api.post('/tos', body);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.post('/tos', body, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.post('/tos', {}, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/tos', { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get('/tos')).status).toBe(401);
  });

  it('needs the tos scope', async () => {
    const token = await tokenFor(server, member.id, ['users']);
    expect((await server.api.post('/tos', { tos_version_date: '2018-05-15' }, { token })).status).toBe(403);
  });
});

describe('GET /tos', () => {
  it('lists only the caller’s own agreements, with a trailing slash too', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    await server.api.post('/tos', { tos_version_date: '2017-01-01T00:00:00Z' }, { token: user.token });
    await server.api.post('/tos', { tos_version_date: '2018-01-01T00:00:00Z' }, { token: user.token });
    await server.api.post('/tos', { tos_version_date: '2019-01-01T00:00:00Z' }, { token: other.token });

    const res = await server.api.get('/tos/', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, total_count: 2, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(res.body.results.map((t: { tos_version_date: string }) => t.tos_version_date)).toEqual([
      '2017-01-01T00:00:00+00:00',
      '2018-01-01T00:00:00+00:00',
    ]);
    expect(res.body.results.every((t: { user: { id: number } }) => t.user.id === user.id)).toBe(true);

    // Even an admin's list is the admin's own.
    const adminList = await server.api.get('/tos', { token: admin });
    expect(adminList.body.results.every((t: { user: { id: number } }) => t.user.id !== user.id)).toBe(true);

    const newest = await server.api.get('/tos?orderby=tos_version_date&order=desc&limit=1', { token: user.token });
    expect(newest.body).toMatchObject({ count: 1, total_count: 2 });
    expect(newest.body.results[0].tos_version_date).toBe('2018-01-01T00:00:00+00:00');
    expect((await server.api.get('/tos?orderby=user_id;', { token: user.token })).status).toBe(422);
  });

  it('reads one agreement for its owner (and admins); others get 403, unknown ids 404', async () => {
    const owner = await createUser(server);
    const created = await server.api.post('/tos', { tos_version_date: '2020-02-02' }, { token: owner.token });
    const id = created.body.id as number;
    const mine = await server.api.get(`/tos/${id}/`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(created.body);
    expect((await server.api.get(`/tos/${id}`, { token: admin })).status).toBe(200);
    expect((await server.api.get(`/tos/${id}`, { token: member.token })).status).toBe(403);
    expect((await server.api.get(`/tos/${id}`, { token: anonymousClient })).status).toBe(403);
    expect((await server.api.get(`/tos/${id}`)).status).toBe(401);
    expect((await server.api.get('/tos/999999', { token: owner.token })).status).toBe(404);
    expect((await server.api.get('/tos/abc', { token: owner.token })).status).toBe(404);
  });

  it('has no update or delete: 405', async () => {
    const created = await server.api.post('/tos', { tos_version_date: '2020-02-02' }, { token: member.token });
    expect((await server.api.put(`/tos/${created.body.id}`, {}, { token: member.token })).status).toBe(405);
    expect((await server.api.del(`/tos/${created.body.id}`, { token: admin })).status).toBe(405);
    expect((await server.api.del('/tos', { token: admin })).status).toBe(405);
    expect((await server.api.request('OPTIONS', '/tos', { token: member.token })).body.allowed_privileges).toEqual(['create', 'search']);
  });
});
