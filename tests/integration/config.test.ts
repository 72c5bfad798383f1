import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, type TestUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let member: TestUser;
let settingsManager: TestUser;
let clientToken: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  member = await createUser(server);
  settingsManager = await createUser(server, { role: await createRole(server, ['Manage Settings']) });
  clientToken = await tokenFor(server, null);
});
afterAll(async () => server?.close());

const ALL_GROUPS = ['features', 'site', 'deployment_id', 'test', 'data-provider', 'map', 'twitter', 'gmail'];
const PUBLIC_GROUPS = ['features', 'site', 'deployment_id', 'map'];
const fieldErrors = (body: any) =>
  Object.fromEntries(
    (body.errors as Array<{ message: string; source?: { pointer: string } }>).slice(1).map((e) => [e.source?.pointer, e.message]),
  );

describe('GET /config (API-CONTRACT 6)', () => {
  it('lists the 4 public groups anonymously and all 8 to an admin', async () => {
    const anonymous = await server.api.get('/config');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.count).toBe(4);
    expect(anonymous.body.results.map((g: any) => g.id).sort()).toEqual([...PUBLIC_GROUPS].sort());
    expect(anonymous.body).not.toHaveProperty('total_count');
    for (const group of anonymous.body.results) {
      expect(group.url).toBe(`${server.url}/api/v3/config/${group.id}`);
      expect(group.allowed_privileges).toEqual(['read', 'search']);
    }
    for (const token of [clientToken, member.token]) {
      expect((await server.api.get('/config', { token })).body.count).toBe(4);
    }

    const asAdmin = await server.api.get('/config', { token: admin });
    expect(asAdmin.body.count).toBe(8);
    expect(asAdmin.body.results.map((g: any) => g.id).sort()).toEqual([...ALL_GROUPS].sort());
    const site = asAdmin.body.results.find((g: any) => g.id === 'site');
    expect(site.allowed_privileges).toEqual(['read', 'update', 'search']);
    const features = asAdmin.body.results.find((g: any) => g.id === 'features');
    expect(features.allowed_privileges).toEqual(['read', 'search']);
    expect((await server.api.get('/config', { token: settingsManager.token })).body.count).toBe(8);
  });

  it('restricts the list with groups[] or a comma list', async () => {
    const brackets = await server.api.get('/config?groups[]=site&groups[]=map');
    expect(brackets.body.results.map((g: any) => g.id)).toEqual(['site', 'map']);
    const comma = await server.api.get('/config?groups=map,data-provider', { token: admin });
    expect(comma.body.results.map((g: any) => g.id)).toEqual(['data-provider', 'map']);
    // A group the caller may not read is left out, not an error.
    expect((await server.api.get('/config?groups[]=data-provider')).body).toEqual({ count: 0, results: [] });
  });

  it('serves each group with its defaults', async () => {
    const site = await server.api.get('/config/site');
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({
      id: 'site',
      name: '',
      description: '',
      email: '',
      timezone: 'UTC',
      language: 'en-US',
      date_format: 'n/j/Y',
      client_url: false,
      first_login: true,
      tier: 'free',
      private: false,
      api_version: 'v5',
      donation: { enabled: false, title: '', description: '', wallet: '', images: [] },
      url: `${server.url}/api/v3/config/site`,
    });
    const map = await server.api.get('/config/map');
    expect(map.body).toMatchObject({
      clustering: true,
      cluster_radius: 50,
      location_precision: 2,
      default_view: {
        lat: -1.3048035,
        lon: 36.8473969,
        zoom: 2,
        baselayer: 'MapQuest',
        fit_map_boundaries: true,
        icon: 'map-marker',
        color: 'blue',
      },
    });
    const features = await server.api.get('/config/features');
    expect(features.body).toMatchObject({
      views: { data: true, map: true, list: true, chart: true, timeline: true, activity: true, plan: false },
      limits: { posts: true, forms: true, admin_users: true },
      private: { enabled: true },
      roles: { enabled: true },
      'targeted-surveys': { enabled: false },
    });
    expect(features.body['data-providers']).toMatchObject({ email: true, smssync: true, gmail: false });
    expect((await server.api.get('/config/deployment_id')).body.deployment_id).toBe('test-deployment');
    const providers = await server.api.get('/config/data-provider', { token: admin });
    expect(providers.body.providers).toMatchObject({ smssync: true, email: true, twilio: false });
    expect(providers.body.email).toMatchObject({ incoming_type: '', incoming_unread_only: false });
    expect(providers.body.twilio).toEqual({});
  });

  it('answers an unknown group with a 404 envelope', async () => {
    for (const token of [undefined, admin]) {
      const res = await server.api.get('/config/nonsense', { token });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].status).toBe(404);
    }
    expect((await server.api.put('/config/nonsense', { a: 1 }, { token: admin })).status).toBe(404);
    expect((await server.api.get('/config/__proto__', { token: admin })).status).toBe(404);
  });

  it('lets only admins and Manage Settings read data-provider', async () => {
    expect((await server.api.get('/config/data-provider')).status).toBe(401);
    expect((await server.api.get('/config/data-provider', { token: clientToken })).status).toBe(403);
    expect((await server.api.get('/config/data-provider', { token: member.token })).status).toBe(403);
    expect((await server.api.get('/config/data-provider', { token: settingsManager.token })).status).toBe(200);
    expect((await server.api.get('/config/data-provider', { token: admin })).status).toBe(200);
    expect((await server.api.get('/config/twitter', { token: member.token })).status).toBe(403);
  });
});

describe('PUT /config/{group}', () => {
  it('merges the supplied keys, keeps the others and stores nested objects as given', async () => {
    const first = await server.api.put('/config/site', { name: 'First Name', description: 'About us' }, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: 'site', name: 'First Name', description: 'About us', timezone: 'UTC' });

    const donation = { enabled: true, title: 'Help', images: [{ id: 1 }], extra: { deep: [1, 2] } };
    const second = await server.api.put(
      '/config/site',
      { email: 'team@example.org', donation, id: 'site', url: 'x', allowed_privileges: ['all'] },
      { token: admin },
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ name: 'First Name', description: 'About us', email: 'team@example.org' });
    expect(second.body.donation).toMatchObject(donation);
    expect(second.body.allowed_privileges).toEqual(['read', 'update', 'search']);

    const stored = await server.ctx.db.selectFrom('config').select(['key', 'value']).where('group_name', '=', 'site').execute();
    const byKey = Object.fromEntries(stored.map((r) => [r.key, r.value]));
    expect(byKey.donation).toEqual(donation);
    expect(byKey.name).toBe('First Name');
    expect(Object.keys(byKey)).not.toContain('url');
    expect(Object.keys(byKey)).not.toContain('allowed_privileges');

    const view = { lat: 10, lon: 20, zoom: 5, baselayer: 'satellite' };
    const map = await server.api.put('/config/map', { default_view: view, clustering: '0', cluster_radius: '30' }, { token: admin });
    expect(map.status).toBe(200);
    expect(map.body).toMatchObject({ clustering: false, cluster_radius: 30, default_view: view });
    const storedView = await server.ctx.db
      .selectFrom('config')
      .select('value')
      .where('group_name', '=', 'map')
      .where('key', '=', 'default_view')
      .executeTakeFirstOrThrow();
    expect(storedView.value).toEqual(view);
    expect((await server.api.get('/config/map')).body.default_view).toMatchObject(view);
  });

  it('accepts booleans in their loose forms', async () => {
    for (const [value, expected] of [
      ['1', true],
      ['true', true],
      [0, false],
      ['false', false],
      [true, true],
    ] as const) {
      const res = await server.api.put('/config/map', { clustering: value }, { token: admin });
      expect(res.status, String(value)).toBe(200);
      expect(res.body.clustering).toBe(expected);
    }
  });

  it('refuses read-only groups even to admins, and everyone without Manage Settings', async () => {
    for (const group of ['features', 'deployment_id']) {
      const res = await server.api.put(`/config/${group}`, { anything: true }, { token: admin });
      expect(res.status, group).toBe(403);
    }
    expect((await server.api.get('/config/features')).body).not.toHaveProperty('anything');
    expect((await server.api.put('/config/site', { name: 'Nope Name' })).status).toBe(401);
    expect((await server.api.put('/config/site', { name: 'Nope Name' }, { token: clientToken })).status).toBe(403);
    expect((await server.api.put('/config/site', { name: 'Nope Name' }, { token: member.token })).status).toBe(403);
    const byManager = await server.api.put('/config/site', { name: 'Managed Site' }, { token: settingsManager.token });
    expect(byManager.status).toBe(200);
    expect(byManager.body.name).toBe('Managed Site');
    expect((await server.api.post('/config', {}, { token: admin })).status).toBe(405);
    expect((await server.api.del('/config/site', { token: admin })).status).toBe(405);
  });

  it('validates with pointers', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['site', { name: 'ab' }, '/name'],
      ['site', { name: 'n'.repeat(256) }, '/name'],
      ['site', { email: 'not-an-email' }, '/email'],
      ['site', { email: `${'e'.repeat(150)}@example.org` }, '/email'],
      ['site', { language: 'e' }, '/language'],
      ['site', { language: 'en-US-x' }, '/language'],
      ['site', { timezone: 'Mars/Olympus_Mons' }, '/timezone'],
      ['site', { private: 'maybe' }, '/private'],
      ['map', { default_view: { lat: 91 } }, '/default_view'],
      ['map', { default_view: { lon: -181 } }, '/default_view'],
      ['map', { default_view: { zoom: 19 } }, '/default_view'],
      ['map', { location_precision: 10 }, '/location_precision'],
      ['map', { location_precision: -1 }, '/location_precision'],
      ['map', { location_precision: 1.5 }, '/location_precision'],
      ['map', { clustering: 'yes please' }, '/clustering'],
      ['map', { cluster_radius: 'wide' }, '/cluster_radius'],
      ['data-provider', { providers: { pigeon: true } }, '/providers'],
    ];
    for (const [group, body, pointer] of cases) {
      const res = await server.api.put(`/config/${group}`, body, { token: admin });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.errors[0].message).toMatch(/^Failed to validate config entity/);
      const errors = fieldErrors(res.body);
      expect(Object.keys(errors), JSON.stringify(body).slice(0, 80)).toEqual([pointer]);
      expect(errors[pointer], JSON.stringify(body).slice(0, 80)).not.toMatch(/^Invalid input/);
    }
    expect(fieldErrors((await server.api.put('/config/site', { email: 'nope' }, { token: admin })).body)['/email']).toBe(
      'This email address is invalid',
    );
    expect(
      fieldErrors((await server.api.put('/config/data-provider', { providers: { pigeon: true } }, { token: admin })).body)['/providers'],
    ).toBe('pigeon is not an available data provider');
    // Valid edges are accepted; nothing from the refused attempts was stored.
    const edges = await server.api.put(
      '/config/site',
      { name: 'abc', language: 'fr', timezone: 'Africa/Nairobi', email: '' },
      { token: admin },
    );
    expect(edges.status).toBe(200);
    const map = await server.api.put(
      '/config/map',
      { location_precision: 9, default_view: { lat: -90, lon: 180, zoom: 0 } },
      { token: admin },
    );
    expect(map.status).toBe(200);
    expect(map.body.location_precision).toBe(9);
    const providers = await server.api.put('/config/data-provider', { providers: { twilio: true } }, { token: admin });
    expect(providers.status).toBe(200);
    expect(providers.body.providers).toMatchObject({ twilio: true, smssync: true });
  });

  it('never answers bad bodies with a 5xx', async () => {
    for (const body of [[1, 2], { name: { nested: 'object' } }, { name: 12345 }, { timezone: 42 }, { date_format: '<script>' }]) {
      const res = await server.api.put('/config/site', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const text = await server.api.put('/config/site', 'text', { token: admin });
    expect(text.status).toBe(400);
    const nul = await server.api.put('/config/site', { description: 'nul\u0000byte' }, { token: admin });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].status).toBe(400);
    const gzip = await server.api.request('PUT', '/config/site', {
      token: admin,
      raw: 'not gzip at all',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    expect(gzip.status).toBe(400);
    expect((await server.api.get('/config/%ZZ')).status).toBe(400);
  });

  it('reads the PHP empty array [] as an empty object where the contract has an object (issue 26)', async () => {
    const empty = await server.api.put('/config/site', [], { token: admin });
    expect(empty.status).toBe(200);
    expect(empty.body.id).toBe('site');
    const map = await server.api.put('/config/map', { default_view: [] }, { token: admin });
    expect(map.status, map.text).toBe(200);
    expect(map.body.default_view).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number) });
    const providers = await server.api.put('/config/data-provider', { providers: [], email: [], twilio: [] }, { token: admin });
    expect(providers.status, providers.text).toBe(200);
    expect(providers.body.email).toMatchObject({ incoming_type: expect.any(String) });
    expect(providers.body.twilio).toEqual({});
    const donation = await server.api.put('/config/site', { donation: [] }, { token: admin });
    expect(donation.status, donation.text).toBe(200);
    expect(donation.body.donation).toMatchObject({ enabled: expect.any(Boolean) });
    // What the contract has as an object stays one: a list with something in it is refused.
    expect(fieldErrors((await server.api.put('/config/data-provider', { twilio: ['x'] }, { token: admin })).body)).toEqual({
      '/twilio': 'twilio must be an object',
    });
  });

  it('refuses values nested thousands of levels deep or too large with a 422, never a 500 (issue 26)', async () => {
    const deep = `${'{"a":'.repeat(4500)}1${'}'.repeat(4500)}`;
    for (const group of ['test', 'site', 'map', 'data-provider']) {
      const res = await server.api.request('PUT', `/config/${group}`, {
        token: admin,
        raw: `{"extra":${deep}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status, `${group} ${res.text.slice(0, 200)}`).toBe(422);
      expect(fieldErrors(res.body)).toEqual({ '/extra': 'extra is nested too deeply (at most 32 levels of objects and arrays)' });
    }
    const large = await server.api.put('/config/test', { notes: 'x'.repeat(70_000) }, { token: admin });
    expect(large.status).toBe(422);
    expect(fieldErrors(large.body)).toEqual({ '/notes': 'notes must be at most 64 KB of JSON' });
    const stored = await server.ctx.db.selectFrom('config').select('key').where('key', 'in', ['extra', 'notes']).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a lone surrogate in a stored value or key with a 400 envelope, never a 5xx', async () => {
    // JSON may escape half a surrogate pair; Postgres' jsonb refuses to store it.
    for (const raw of ['{"description":"\\ud800"}', '{"extra":{"\\udc00":1}}']) {
      const res = await server.api.request('PUT', '/config/twitter', {
        token: admin,
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status, raw).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ status: 400, message: expect.stringContaining('surrogate') });
    }
  });

  it('appends a config.updated event in the same change', async () => {
    const before = await server.ctx.db.selectFrom('events').select('id').where('type', '=', 'config.updated').execute();
    const res = await server.api.put('/config/site', { description: 'Evented' }, { token: settingsManager.token });
    expect(res.status).toBe(200);
    const events = await server.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'config.updated')
      .where('id', 'not in', before.length > 0 ? before.map((e) => e.id) : [0])
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      aggregate_type: 'config',
      aggregate_id: 'site',
      actor_id: settingsManager.id,
      payload: { group: 'site', keys: ['description'] },
    });
    // A refused update appends nothing.
    await server.api.put('/config/site', { name: 'x' }, { token: admin });
    const after = await server.ctx.db.selectFrom('events').select('id').where('type', '=', 'config.updated').execute();
    expect(after.length).toBe(before.length + 1);
  });
});

describe('private deployment (API-CONTRACT 4.3)', () => {
  it('keeps config public but refuses anonymous callers elsewhere', async () => {
    expect((await server.api.put('/config/site', { private: true }, { token: admin })).status).toBe(200);
    try {
      const list = await server.api.get('/config');
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(4);
      expect((await server.api.get('/config/site')).body.private).toBe(true);
      expect((await server.api.get('/users')).status).toBe(401);
      expect((await server.api.get(`/users/${member.id}`)).status).toBe(401);
      expect((await server.api.get('/users', { token: clientToken })).status).toBe(403);
      expect((await server.api.get('/users/me', { token: member.token })).status).toBe(200);
      expect(
        (await server.api.post('/register', { email: `closed-${Date.now()}@example.org`, password: 'seven blue herons' })).status,
      ).toBe(401);
    } finally {
      await server.api.put('/config/site', { private: false }, { token: admin });
    }
    // The switch only counts while the private feature is on.
    await server.ctx.db
      .insertInto('config')
      .values({ group_name: 'features', key: 'private', value: JSON.stringify({ enabled: false }) })
      .execute();
    server.ctx.settings.invalidate();
    try {
      await server.api.put('/config/site', { private: true }, { token: admin });
      const registration = await server.api.post('/register', { email: `open-${Date.now()}@example.org`, password: 'seven blue herons' });
      expect(registration.status).toBe(200);
    } finally {
      await server.api.put('/config/site', { private: false }, { token: admin });
      await server.ctx.db.deleteFrom('config').where('group_name', '=', 'features').where('key', '=', 'private').execute();
      server.ctx.settings.invalidate();
    }
  });
});
