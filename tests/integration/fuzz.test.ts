import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLoopback, runFuzz } from '../../scripts/fuzz/engine';
import { formatSummary } from '../../scripts/fuzz/report';
import { listRoutes } from '../../scripts/fuzz/routes';
import { seedWorld, type World } from '../../scripts/fuzz/seed';
import { fuzzHandshakes } from '../../scripts/fuzz/sockets';
import { TEST_ADMIN_PASSWORD } from './helpers/database';
import { startTestServer, type TestServer } from './helpers/server';

// A built client in miniature, so its pages and /assets are fuzzed too.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fuzz-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app");\n');

let server: TestServer & { close: () => Promise<void> };
let world: World;
beforeAll(async () => {
  server = await startTestServer({ env: { CLIENT_DIST: dist } });
  world = await seedWorld(server, TEST_ADMIN_PASSWORD, ['app-1a2b3c.js']);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/**
 * `npm run fuzz` in small (it sends 50,000): the same engine, seeded, so a route added without
 * its refusals in the envelope, or a new 5xx on bad input, fails here first.
 */
describe('fuzz (issue 26)', () => {
  it('answers thousands of malformed requests over every route and identity without a 5xx, every error in the envelope', async () => {
    const routes = listRoutes(server.app);
    const requests = 3000;
    const result = await runFuzz({ baseUrl: server.url, routes, world, seed: 26, requests, concurrency: 8 });
    expect(
      result.failures.map((f) => `${f.problem} ${f.method} ${f.route} ${f.status} ${f.message}`),
      formatSummary(result, server.url, 26, 8),
    ).toEqual([]);

    expect(result.requests).toBe(requests);
    // Every route was asked, by every identity (the run opens with a sweep), and enough got
    // through to the code behind authentication for the run to mean something.
    expect([...result.coverage.keys()].sort()).toEqual(routes.map((route) => route.path).sort());
    expect([...result.byIdentity.keys()].sort()).toEqual(world.identities.map((identity) => identity.name).sort());
    const ok = [...result.byStatus].filter(([status]) => status >= 200 && status < 300).reduce((n, [, count]) => n + count, 0);
    expect(ok).toBeGreaterThan(requests * 0.15);
  }, 120_000);

  it('fuzzes nothing but this machine', () => {
    for (const url of ['http://example.org', 'https://127.0.0.1:8080', 'http://10.0.0.5', 'http://127.0.0.1.example.org'])
      expect(() => assertLoopback(url), url).toThrow(/refusing to fuzz/);
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:9']) expect(assertLoopback(url).href).toContain(':');
  });

  it('connects or refuses every generated socket handshake with a reason of its own', async () => {
    expect(await fuzzHandshakes(server.url, world, 26, 30)).toEqual([]);
  });
});
