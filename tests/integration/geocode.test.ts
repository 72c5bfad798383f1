import { GeocodeResultsSchema } from '@platform/shared';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';
import { dropConfig, expectField, expectStatus, storeConfig } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
/** A stand-in Nominatim on localhost: it records what it was asked and answers `reply`. */
let nominatim: http.Server;
let nominatimUrl: string;
let asked: URL[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: [] };

beforeAll(async () => {
  server = await startTestServer();
  nominatim = http.createServer((req, res) => {
    asked.push(new URL(req.url!, 'http://localhost'));
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
  nominatimUrl = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => nominatim?.close(resolve));
});

async function geocode(query: string) {
  const res = await server.api.get(`/geocode?${query}`);
  expectStatus(res, 200);
  return GeocodeResultsSchema.parse(res.body);
}

describe('GET /geocode from the offline gazetteer', () => {
  it('finds a city by name for anonymous callers, Nominatim-shaped with string coordinates', async () => {
    const places = await geocode('q=Nairobi');
    expect(places[0]).toEqual({ display_name: 'Nairobi, KE', lat: '-1.28333', lon: '36.81667' });
  });

  it('matches prefixes, any case and without accents, largest places first', async () => {
    expect((await geocode('q=nairo'))[0]!.display_name).toBe('Nairobi, KE');
    expect((await geocode('q=sao%20paulo'))[0]!.display_name).toBe('São Paulo, BR');
    expect((await geocode(`q=${encodeURIComponent('SÃO PAU')}`))[0]!.display_name).toBe('São Paulo, BR');
    expect((await geocode('q=Mombasa,%20KE'))[0]!.display_name).toBe('Mombasa, KE');
    // The largest Springfield comes first; all of them start with the text.
    const many = await geocode('q=springfield&limit=20');
    expect(many.length).toBeGreaterThan(5);
    for (const place of many) expect(place.display_name.toLowerCase().startsWith('springfield')).toBe(true);
  });

  it('gives 5 by default and at most `limit`, and nothing for less than 2 characters', async () => {
    expect(await geocode('q=san')).toHaveLength(5);
    expect(await geocode('q=san&limit=20')).toHaveLength(20);
    expect(await geocode('q=san&limit=1')).toHaveLength(1);
    expect(await geocode('q=N')).toEqual([]);
    expect(await geocode('q=%20')).toEqual([]);
    expect(await geocode('')).toEqual([]);
    expect(await geocode('q=zzqqxxvv')).toEqual([]);
  });

  it('refuses a bad limit or an overlong text with the 422 envelope', async () => {
    for (const limit of ['0', '21', 'abc'])
      expectField(await server.api.get(`/geocode?q=Nairobi&limit=${limit}`), '/limit', 'limit must be a number from 1 to 20');
    expectField(await server.api.get(`/geocode?q=${'a'.repeat(251)}`), '/q', 'q must not exceed 250 characters');
    expectStatus(await server.api.post('/geocode', {}), 405);
  });
});

describe('GET /geocode through a configured geocoder', () => {
  it('proxies to `map.geocoder_url` when it is set', async () => {
    await storeConfig(server, 'map', 'geocoder_url', `${nominatimUrl}/`);
    asked = [];
    reply = { status: 200, body: [{ display_name: 'Somewhere, Far Away', lat: '12.5', lon: 7, place_id: 1 }] };
    expect(await geocode('q=Somewhere&limit=3')).toEqual([{ display_name: 'Somewhere, Far Away', lat: '12.5', lon: '7' }]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/search');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ format: 'json', q: 'Somewhere', limit: '3' });
  });

  it('falls back to the gazetteer when the geocoder fails or answers nonsense', async () => {
    await storeConfig(server, 'map', 'geocoder_url', nominatimUrl);
    reply = { status: 500, body: { error: 'down' } };
    expect((await geocode('q=Nairobi'))[0]!.display_name).toBe('Nairobi, KE');
    reply = { status: 200, body: { not: 'a list' } };
    expect((await geocode('q=Nairobi'))[0]!.display_name).toBe('Nairobi, KE');
    // Nothing listens on port 9 of localhost.
    await storeConfig(server, 'map', 'geocoder_url', 'http://127.0.0.1:9');
    expect((await geocode('q=Nairobi'))[0]!.display_name).toBe('Nairobi, KE');
    await dropConfig(server, 'map', 'geocoder_url');
  });
});

describe('GET /geocode rate limit', () => {
  it('answers 429 with the envelope once an address has used its budget', async () => {
    let last = 200;
    for (let i = 0; i < 130 && last === 200; i++) last = (await server.api.get('/geocode?q=x')).status;
    expect(last).toBe(429);
    expectStatus(await server.api.get('/geocode?q=Nairobi'), 429);
  });
});
