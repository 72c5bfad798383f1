import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../server/src/openapi/openapi.document';
import { listRoutes } from '../../scripts/fuzz/routes';
import { startTestServer, type TestServer } from './helpers/server';

/** The OpenAPI document (issue 25 item 6): valid, complete, and rendered at /api/docs without a CDN. */
let server: TestServer & { close: () => Promise<void> };
type Doc = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: any }> }; security?: unknown[] }>>;
};
let doc: Doc;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.api.get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(() => server?.close());

const operationsOf = (d: Doc) =>
  Object.entries(d.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => ['get', 'post', 'put', 'delete', 'options', 'patch'].includes(k))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('GET /api/v3/openapi.json', () => {
  it('is an OpenAPI 3.1 document that a schema validator accepts', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the app serves, and no route it does not', () => {
    // The fuzzer's reading of Express's router stack. `*` beside other methods is the 405 answer; a
    // route for every method alone (the installer verifier) is described by its GET.
    const routes = listRoutes(server.app)
      .filter((r) => r.routed)
      .flatMap((r) => {
        const own = r.methods.filter((m) => m !== 'HEAD' && m !== '*');
        return (own.length > 0 ? own : ['GET']).map((m) => `${m} ${openApiPath(r.path)}`);
      });
    expect(routes.length).toBeGreaterThan(150);
    const described = new Set(operationsOf(doc));
    expect(routes.filter((r) => !described.has(r))).toEqual([]);
    const served = new Set(routes);
    expect([...described].filter((op) => !served.has(op))).toEqual([]);
  });

  it('is made from the zod schemas the routes validate with', () => {
    const create = doc.paths['/api/v3/webhooks']!.post!.requestBody!.content['application/json']!.schema;
    expect(create.required).toEqual(expect.arrayContaining(['name', 'shared_secret', 'url', 'event_type', 'entity_type']));
    expect(create.properties.name).toMatchObject({ maxLength: 150 });
    expect(create.properties.shared_secret).toMatchObject({ minLength: 20 });
    expect(create.properties.event_type.enum).toEqual(['create', 'update', 'delete']);
    // The signed write-back carries no token; everything else under /api/v3 but the public parts needs one.
    expect(doc.paths['/api/v3/webhooks/posts/{id}']!.put!.security).toEqual([]);
    expect(doc.paths['/api/v3/webhooks']!.get!.security).toEqual([{ bearer: [] }]);
  });

  it('explains how an API key is used and that a regenerated key stops the old one', () => {
    expect(doc.info.description).toContain('api_key=<key>');
    expect(doc.info.description).toContain('X-Ushahidi-Signature');
    expect(doc.info.description).toMatch(/regenerates a key .* the old value\s+is refused \(401\)/s);
  });
});

describe('GET /api/docs', () => {
  it('serves a page that renders the document with a renderer from this server', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // Every asset is on this origin: nothing from a CDN.
    for (const asset of [...scripts, ...styles]) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      const res = await fetch(`${server.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.text()).length, asset).toBeGreaterThan(0);
    }
    expect(await (await fetch(`${server.url}/api/docs/init.js`)).text()).toContain('/api/v3/openapi.json');
  });
});
