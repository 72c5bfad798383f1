import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

// A built client in miniature: the build writes `.br` and `.gz` beside each asset (client/vite.config.ts).
// The compressed copies say which file they came from, so a test can tell them from compression on the fly.
const script = `console.log(${JSON.stringify('map '.repeat(2000))});\n`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
// The build's copy of the page for the routes that open on a map (client/build/map-route-html.ts).
fs.writeFileSync(
  path.join(dist, 'map.html'),
  '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/map-1a2b3c.js"><div id="root"></div>',
);
fs.writeFileSync(path.join(dist, 'assets', 'map-1a2b3c.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'map-1a2b3c.js.br'), zlib.brotliCompressSync(`${script}// from .br\n`));
fs.writeFileSync(path.join(dist, 'assets', 'map-1a2b3c.js.gz'), zlib.gzipSync(`${script}// from .gz\n`, { level: 9 }));
fs.writeFileSync(path.join(dist, 'assets', 'plain-4d5e6f.js'), script);

let server: TestServer & { close: () => Promise<void> };
beforeAll(async () => {
  server = await startTestServer({ env: { CLIENT_DIST: dist } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const asset = (name: string, acceptEncoding: string) =>
  fetch(`${server.url}/assets/${name}`, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('the built client', () => {
  it('sends the brotli copy made at build time to browsers that take brotli', async () => {
    const res = await asset('map-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(`${script}// from .br\n`);
  });

  it('sends the gzip copy to clients that only take gzip, and the file itself to those that take neither', async () => {
    const gzip = await asset('map-1a2b3c.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(`${script}// from .gz\n`);
    const identity = await asset('map-1a2b3c.js', 'identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(script);
  });

  it('still compresses an asset that has no compressed copy', async () => {
    const res = await asset('plain-4d5e6f.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(script);
  });

  it('answers 404 for an asset that is not there, and serves the app for its routes', async () => {
    const missing = await asset('gone-000000.js', 'gzip, br');
    expect(missing.status).toBe(404);
    expect((await missing.text()).length).toBeLessThan(500);
    const page = await fetch(`${server.url}/views/map`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('serves the page that preloads the map library for the routes that open on a map, and only for them', async () => {
    const preloads = async (address: string) => {
      const res = await fetch(`${server.url}${address}`, { headers: { Accept: 'text/html' } });
      expect(res.status, address).toBe(200);
      expect(res.headers.get('cache-control'), address).toBe('no-cache');
      return (await res.text()).includes('rel="modulepreload"');
    };
    for (const address of ['/', '/views/map', '/views/map/', '/map/noui', '/collections/3/map', '/savedsearches/7/map?form=1']) {
      expect(await preloads(address), address).toBe(true);
    }
    for (const address of ['/views/data', '/settings', '/posts/5', '/collections/3/data', '/views/mapx', '/map/noui/extra']) {
      expect(await preloads(address), address).toBe(false);
    }
  });

  it('answers a path with broken percent-encoding with the 400 envelope', async () => {
    for (const address of ['/assets/%E0%A4%A', '/assets/%', '/views/%E0%A4%A']) {
      const res = await fetch(`${server.url}${address}`, { headers: { Accept: 'text/html' } });
      expect(res.status, address).toBe(400);
      expect(res.headers.get('content-type'), address).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ errors: [{ status: 400, title: 'Bad Request', message: expect.any(String) }] });
    }
  });

  it('answers a range past the end of a file with the 416 envelope, labelled as JSON', async () => {
    const res = await fetch(`${server.url}/index.html`, { headers: { Range: 'bytes=999999-' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ errors: [{ status: 416 }] });
  });
});

describe('methods the assets do not serve (issue 26)', () => {
  it('answers them with the 405 envelope and Allow, like the API routes', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const name of ['map-1a2b3c.js', 'gone-000000.js']) {
        const res = await server.api.request(method, `${server.url}/assets/${name}`, { body: {} });
        expect(res.status, `${method} ${name}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect(res.body).toEqual({ errors: [{ status: 405, message: `Method ${method} is not allowed here` }] });
      }
    }
    const options = await fetch(`${server.url}/assets/map-1a2b3c.js`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await fetch(`${server.url}/assets/map-1a2b3c.js`, { method: 'HEAD' })).status).toBe(200);
    const missing = await server.api.get(`${server.url}/assets/gone-000000.js`);
    expect(missing.body).toEqual({ errors: [{ status: 404, message: 'That URL does not exist' }] });
  });
});

describe('framing (issue 26)', () => {
  const page = (path: string) => fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
  const frameAncestors = (res: Response) =>
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-ancestors'));

  it('lets other sites frame the embeddable map only', async () => {
    for (const path of ['/map/noui', '/map/noui/', '/map/noui?mode=embed']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(frameAncestors(res), path).toBe('frame-ancestors *');
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('lets only the app itself frame every other page, asset and API answer', async () => {
    for (const path of [
      '/',
      '/settings',
      '/settings/general',
      '/views/map',
      '/login',
      '/map/noui/extra',
      '/map',
      '/assets/map-1a2b3c.js',
      '/api/v3/config',
      '/api/v3/nowhere',
    ]) {
      const res = await page(path);
      expect(frameAncestors(res), path).toBe("frame-ancestors 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });
});
