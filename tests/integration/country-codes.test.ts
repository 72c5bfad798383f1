import { getCountries } from 'libphonenumber-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, type TestUser } from './helpers/factories';
import { resetConfig, setPrivate } from './helpers/settings';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let anonymousClient: string;
let member: TestUser;
let settingsManager: TestUser;
let usersManager: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  anonymousClient = await tokenFor(server, null);
  member = await createUser(server);
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
  usersManager = await createUser(server, { role: await createRole(server, ['Manage Users']) });
});
afterAll(async () => server?.close());
afterEach(async () => resetConfig(server, 'site', 'private'));

type Country = { id: number; url: string; country_name: string; dial_code: string; country_code: string; allowed_privileges: string[] };

describe('/country-codes (API-CONTRACT 14.9)', () => {
  it('lists every country libphonenumber-js knows, sorted by name, with a trailing slash too', async () => {
    const res = await server.api.get('/country-codes/', { token: admin });
    expect(res.status).toBe(200);
    const total = getCountries().length;
    expect(total).toBeGreaterThan(240);
    expect(res.body).toMatchObject({ count: total, total_count: total, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    const results = res.body.results as Country[];
    expect(results.map((c) => c.id)).toEqual(results.map((_, i) => i + 1));
    const names = results.map((c) => c.country_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(results.map((c) => c.country_code)).size).toBe(total);
    const kenya = results.find((c) => c.country_code === 'KE')!;
    expect(kenya).toEqual({
      id: kenya.id,
      url: `${server.url}/api/v3/country-codes/${kenya.id}`,
      country_name: 'Kenya',
      dial_code: '+254',
      country_code: 'KE',
      allowed_privileges: ['read', 'search'],
    });
    expect(results.every((c) => /^\+\d{1,4}$/.test(c.dial_code) && /^[A-Z]{2}$/.test(c.country_code))).toBe(true);
  });

  it('reads one country by a stable id', async () => {
    const list = (await server.api.get('/country-codes?country_code=ke', { token: admin })).body.results as Country[];
    const res = await server.api.get(`/country-codes/${list[0]!.id}`, { token: settingsManager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country_code: 'KE', dial_code: '+254', country_name: 'Kenya' });
    const again = await server.api.get('/country-codes', { token: admin });
    expect((again.body.results as Country[]).find((c) => c.country_code === 'KE')!.id).toBe(list[0]!.id);
    expect((await server.api.get('/country-codes/0', { token: admin })).status).toBe(404);
    expect((await server.api.get('/country-codes/99999', { token: admin })).status).toBe(404);
    expect((await server.api.get('/country-codes/KE', { token: admin })).status).toBe(404);
  });

  it('filters by country_code and dial_code in either list encoding', async () => {
    const codes = await server.api.get('/country-codes?country_code[]=KE&country_code[]=ug', { token: admin });
    expect((codes.body.results as Country[]).map((c) => c.country_code).sort()).toEqual(['KE', 'UG']);
    expect(codes.body.total_count).toBe(2);
    // `+` in a query string is a space; both spellings find the North American numbering plan.
    for (const dial of ['%2B1', '+1', '1']) {
      const res = await server.api.get(`/country-codes?dial_code=${dial}`, { token: admin });
      const found = (res.body.results as Country[]).map((c) => c.country_code);
      expect(found).toEqual(expect.arrayContaining(['US', 'CA']));
      expect(found).not.toContain('KE');
      expect(res.body.results.every((c: Country) => c.dial_code === '+1')).toBe(true);
    }
    const both = await server.api.get('/country-codes?dial_code=254,256&country_code=KE', { token: admin });
    expect((both.body.results as Country[]).map((c) => c.country_code)).toEqual(['KE']);
    const none = await server.api.get(`/country-codes?country_code=${encodeURIComponent("KE' or 1=1 --")}`, { token: admin });
    expect(none.body).toMatchObject({ count: 0, total_count: 0 });
  });

  it('pages and sorts', async () => {
    const page = await server.api.get('/country-codes?limit=10&offset=5', { token: admin });
    expect(page.body).toMatchObject({ count: 10, limit: 10, offset: 5 });
    expect(page.body.results[0].id).toBe(6);
    expect(page.body.next).toContain('offset=15');
    const byCode = await server.api.get('/country-codes?orderby=country_code&order=desc&limit=1', { token: admin });
    expect(byCode.body.results[0].country_code).toBe([...getCountries()].sort().at(-1));
    const byDial = await server.api.get('/country-codes?orderby=dial_code&limit=1', { token: admin });
    expect(byDial.body.results[0].dial_code).toBe('+1');
    expect((await server.api.get('/country-codes?orderby=population', { token: admin })).status).toBe(422);
    expect((await server.api.get('/country-codes?offset=-3', { token: admin })).status).toBe(422);
  });

  it('is for admins and Manage Settings only', async () => {
    expect((await server.api.get('/country-codes', { token: settingsManager.token })).status).toBe(200);
    const postsManager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
    for (const token of [member.token, usersManager.token, postsManager.token, anonymousClient]) {
      const res = await server.api.get('/country-codes', { token });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].status).toBe(403);
      expect((await server.api.get('/country-codes/1', { token })).status).toBe(403);
    }
    const none = await server.api.get('/country-codes');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    expect((await server.api.get('/country-codes/1')).status).toBe(401);
    expect((await server.api.get('/country-codes', { token: await tokenFor(server, settingsManager.id, ['posts']) })).status).toBe(403);
  });

  it('is read-only: other methods are 405', async () => {
    expect((await server.api.post('/country-codes', { country_code: 'XX' }, { token: admin })).status).toBe(405);
    expect((await server.api.put('/country-codes/1', {}, { token: admin })).status).toBe(405);
    expect((await server.api.del('/country-codes/1', { token: admin })).status).toBe(405);
    expect((await server.api.request('OPTIONS', '/country-codes', { token: admin })).body.allowed_privileges).toEqual(['read', 'search']);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    await setPrivate(server, true);
    expect((await server.api.get('/country-codes')).status).toBe(401);
    expect((await server.api.get('/country-codes', { token: admin })).status).toBe(200);
  });
});
