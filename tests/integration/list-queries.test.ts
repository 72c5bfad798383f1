import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

/*
 * The paging of every list endpoint, over HTTP: what the contract's clients send is read the same
 * everywhere (API-CONTRACT 1, 14.1), and whatever else arrives is a 422 naming the parameter,
 * never a 5xx.
 */

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let lists: string[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  const me = (await server.api.get('/users/me', { token: admin })).body as { id: number };
  lists = [
    '/users',
    '/roles',
    '/permissions',
    '/apikeys',
    '/tos',
    `/users/${me.id}/settings`,
    '/notifications',
    '/contacts',
    '/country-codes',
    '/messages',
    '/forms',
    '/forms/stages',
    '/forms/attributes',
    '/tags',
    '/collections',
    '/savedsearches',
  ];
});
afterAll(async () => server?.close());

const get = (path: string) => server.api.get(path, { token: admin });

describe('list paging', () => {
  it('reads repeated and bracketed values as their first, and ignores unknown parameters', async () => {
    for (const path of lists) {
      const res = await get(`${path}?limit=2&limit=5&offset[]=1&order=DESC&orderby=id&ignore403=true&current_stage[]=3`);
      expect(res.status, `${path} ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.body, path).toMatchObject({ limit: 2, offset: 1, order: 'desc', orderby: 'id' });
      expect(res.body.count, path).toBeLessThanOrEqual(2);
    }
  });

  it('takes the largest safe numbers without failing', async () => {
    for (const path of lists) {
      const res = await get(`${path}?limit=9007199254740991&offset=9007199254740991`);
      expect(res.status, `${path} ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.body.results, path).toEqual([]);
    }
  });

  it.each([
    ['limit=-1', '/limit'],
    ['limit=abc', '/limit'],
    ['limit=1e20', '/limit'],
    ['limit[]=x&limit[]=1', '/limit'],
    ['offset=-3', '/offset'],
    ['offset=99999999999999999999', '/offset'],
    ['orderby=password', '/orderby'],
    ['orderby[]=id;drop', '/orderby'],
  ])('refuses %s with a 422 naming the parameter', async (query, pointer) => {
    for (const path of [...lists, '/posts']) {
      const res = await get(`${path}?${query}`);
      expect(res.status, `${path}?${query} ${res.text.slice(0, 200)}`).toBe(422);
      expect(res.body.errors[0], path).toMatchObject({ status: 422, message: expect.stringMatching(/^Failed to validate /) });
      expect(res.body.errors[1], path).toMatchObject({ status: 422, source: { pointer } });
    }
  });
});
