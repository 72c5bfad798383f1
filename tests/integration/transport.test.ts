import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createUser, tokenFor } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer & { close: () => Promise<void> };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('transport conventions (API-CONTRACT 1, 2)', () => {
  it('keeps a burst of new connections waiting for accept instead of dropping them past 511', () => {
    // `ss` shows a listening socket's accept queue limit as its Send-Q.
    const [line] = execFileSync('ss', ['-ltnH', `sport = :${server.port}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const queue = Number(line!.trim().split(/\s+/)[2]);
    const cap = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(queue).toBe(Math.min(4096, cap));
  });

  it('serves the API index with the caller', async () => {
    const anonymous = await server.api.get('');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ version: '3', user: { id: null, email: null, realname: null } });
    expect(anonymous.body.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    const user = await createUser(server);
    const me = await server.api.get('', { token: user.token });
    expect(me.body.user).toEqual({ id: user.id, email: user.email, realname: user.realname });
  });

  it('answers a CORS preflight with 204 and the echoed origin', async () => {
    const res = await server.api.request('OPTIONS', '/posts', {
      headers: {
        Origin: 'https://client.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://client.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('lets cross-origin clients read how exact the posts total is', async () => {
    const res = await server.api.get('/posts?limit=1', { headers: { Origin: 'https://client.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count-kind')).toMatch(/^(exact|at_least|estimate)$/);
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-total-count-kind');
  });

  it('puts CORS headers on errors too', async () => {
    const res = await server.api.get('/users/me', { headers: { Origin: 'https://client.example' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://client.example');
  });

  it('answers a plain OPTIONS with allowed_privileges', async () => {
    const res = await server.api.request('OPTIONS', '/config');
    expect(res.status).toBe(200);
    expect(res.body.allowed_privileges).toContain('read');
  });

  it('treats a trailing slash like no slash', async () => {
    const a = await server.api.get('/config/site/');
    expect(a.status).toBe(200);
    expect(a.body.id).toBe('site');
  });

  it('answers unknown routes and ids with a 404 envelope', async () => {
    const res = await server.api.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ status: 404 });
    const token = await adminToken(server);
    expect((await server.api.get('/users/99999999', { token })).status).toBe(404);
    expect((await server.api.get('/users/abc', { token })).status).toBe(404);
  });

  it('answers unrouted methods with 405', async () => {
    const token = await adminToken(server);
    const post = await server.api.post('/config', {}, { token });
    expect(post.status).toBe(405);
    expect(post.body.errors[0].status).toBe(405);
    expect((await server.api.del('/config/site', { token })).status).toBe(405);
  });

  it('answers malformed JSON with a 400 envelope, never 5xx', async () => {
    const token = await adminToken(server);
    const res = await server.api.request('PUT', '/config/site', {
      token,
      raw: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/malformed JSON/);
  });

  it('answers what the HTTP parser refuses (unknown method, oversized head) in the envelope too', async () => {
    // Raw bytes on a socket: fetch would not send either request.
    const exchange = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const envelope = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

    const unknownMethod = await exchange('FOO /api/v3/config HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(unknownMethod).toMatch(/^HTTP\/1\.1 400 /);
    expect(unknownMethod).toMatch(/content-type: application\/json/i);
    expect(envelope(unknownMethod)).toEqual({ errors: [{ status: 400, title: 'Bad Request', message: expect.any(String) }] });

    const oversized = await exchange(`GET /api/v3/posts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelope(oversized)).toMatchObject({ errors: [{ status: 431 }] });
  });

  it('answers an oversized body with 413', async () => {
    const token = await adminToken(server);
    const res = await server.api.put('/config/site', { description: 'x'.repeat(3 * 1024 * 1024) }, { token });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].status).toBe(413);
  });

  it('answers a body nested thousands of levels deep with a 422 on any route, never a 5xx (issue 26)', async () => {
    const token = await adminToken(server);
    const deepObject = `${'{"a":'.repeat(4500)}1${'}'.repeat(4500)}`;
    const deepList = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const routes: Array<[string, string]> = [
      ['POST', '/posts'],
      ['PUT', '/posts/1'],
      ['POST', '/forms'],
      ['POST', '/tags'],
      ['PUT', '/users/me'],
      ['POST', '/contacts'],
      ['POST', '/notifications'],
      ['POST', '/messages'],
      ['PUT', '/config/site'],
      ['POST', '/collections'],
    ];
    for (const [method, path] of routes) {
      for (const raw of [`{"title":"Deep","values":{"x":${deepObject}}}`, `{"extra":${deepList}}`, `[${deepList}]`]) {
        const res = await server.api.request(method, path, { token, raw, headers: { 'Content-Type': 'application/json' } });
        expect(res.status, `${method} ${path} ${res.text.slice(0, 200)}`).toBe(422);
        expect(res.body.errors[1].message).toMatch(/is nested too deeply \(at most 32 levels/);
      }
    }
    // Unauthenticated callers get the same answer before anything else reads the body.
    const anonymous = await server.api.request('POST', '/posts', {
      raw: `{"x":${deepList}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(422);
  });

  it('sets cache and language headers', async () => {
    const get = await server.api.get('/config');
    expect(get.headers.get('content-language')).toBeTruthy();
    const token = await adminToken(server);
    const put = await server.api.put('/config/site', { description: 'hello' }, { token });
    expect(put.headers.get('cache-control')).toBe('no-cache, no-store, max-age=0, must-revalidate');
    expect(put.headers.get('content-language')).toBeTruthy();
  });

  it('wraps a GET in JSONP when asked', async () => {
    const res = await server.api.get('/config/site?format=jsonp&callback=handle');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.text).toMatch(/^\/\*\*\/handle\(\{.*\}\);$/);
  });

  it('answers 401 without a token and 403 with one (the 401 vs 403 rule)', async () => {
    const none = await server.api.get('/users');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ errors: [{ status: 401, message: 'Unauthorized.' }] });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="OAuth"');
    const member = await createUser(server);
    expect((await server.api.get('/users', { token: member.token })).status).toBe(403);
    const anonymous = await tokenFor(server, null);
    expect((await server.api.get('/users', { token: anonymous })).status).toBe(403);
  });

  it('answers an invalid token with 401 so clients fetch a new one', async () => {
    const res = await server.api.get('/config', { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
    const malformed = await server.api.get('/config', { headers: { Authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('refuses a token without the route group scope with 403', async () => {
    const user = await createUser(server);
    const token = await tokenFor(server, user.id, ['posts']);
    expect((await server.api.get('/users/me', { token })).status).toBe(403);
    expect((await server.api.get('/config', { token })).status).toBe(403);
  });

  it('sends security headers and never a stack trace', async () => {
    const res = await server.api.get('/config');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const bad = await server.api.get('/users?limit=abc', { token: await adminToken(server) });
    expect(bad.status).toBe(422);
    expect(bad.text).not.toMatch(/at .*\.ts:\d+/);
  });
});
