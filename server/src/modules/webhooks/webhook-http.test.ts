import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from './address-guard';
import { postToWebhook } from './webhook-http';

const hits: string[] = [];
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') return void res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
      if (req.url === '/slow') return; // never answers
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('postToWebhook', () => {
  it('connects to the address the guard checked, whatever the name resolves to afterwards', async () => {
    let lookups = 0;
    // The first answer is allowed; any later one would point elsewhere. Only the first is ever used.
    const guard = createAddressGuard(['127.0.0.1'], async () =>
      lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }],
    );
    const result = await postToWebhook(guard, `http://receiver.invalid:${port}/pinned`, '{}', {}, 2000);
    expect(result).toMatchObject({ statusCode: 204, error: null });
    expect(lookups).toBe(1);
    expect(hits).toContain('/pinned');
  });

  it('never connects when the guard refuses the address', async () => {
    const guard = createAddressGuard([], async () => [{ address: '127.0.0.1', family: 4 }]);
    const result = await postToWebhook(guard, `http://receiver.invalid:${port}/refused`, '{}', {}, 2000);
    expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused: .*loopback/) });
    const literal = await postToWebhook(guard, `http://127.0.0.1:${port}/refused`, '{}', {}, 2000);
    expect(literal.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
    expect(hits).not.toContain('/refused');
  });

  it('does not follow redirects, and gives up after the timeout', async () => {
    const guard = createAddressGuard(['127.0.0.1']);
    const redirect = await postToWebhook(guard, `http://127.0.0.1:${port}/redirect`, '{}', {}, 2000);
    expect(redirect).toMatchObject({ statusCode: 302, error: 'redirect to http://169.254.169.254/ not followed' });
    const slow = await postToWebhook(guard, `http://127.0.0.1:${port}/slow`, '{}', {}, 300);
    expect(slow).toMatchObject({ statusCode: null, error: 'timed out after 300 ms' });
    expect(slow.durationMs).toBeGreaterThanOrEqual(290);
  });
});
