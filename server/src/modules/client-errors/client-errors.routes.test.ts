import express from 'express';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousAuth } from '../../auth/auth';
import { errorMiddleware } from '../../http/error-middleware';
import { jsonBody } from '../../http/json-body';
import { clientErrorsRoutes } from './client-errors.routes';

const logged: Array<Record<string, unknown>> = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

let url = '';
let close: () => void = () => {};
beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    req.auth = anonymousAuth();
    next();
  });
  app.use(jsonBody('1mb'), clientErrorsRoutes(logger, { perMinute: 3 }), errorMiddleware);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client-errors`;
  close = () => server.close();
});
afterAll(() => close());

const report = (body: unknown, method = 'POST') =>
  fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? JSON.stringify(body) : undefined });

describe('POST /client-errors', () => {
  it("writes a region's failure to the server's log with its route, and answers 204", async () => {
    const res = await report({
      region: 'post',
      route: '/posts/5',
      message: "Cannot read properties of undefined (reading 'map')",
      stack: 'at X',
    });
    expect(res.status).toBe(204);
    const entry = logged.find((line) => (line.clientError as { route?: string } | undefined)?.route === '/posts/5');
    expect(entry?.level).toBe(50);
    expect(entry?.clientError).toEqual({
      region: 'post',
      route: '/posts/5',
      message: "Cannot read properties of undefined (reading 'map')",
      stack: 'at X',
      userId: null,
    });
  });

  it('refuses an unknown region or extra fields in the error envelope, and other methods with 405', async () => {
    const bad = await report({ region: 'sidebar', route: '/', message: 'x', extra: 1 });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors: Array<{ status: number }> };
    expect(body.errors[0]?.status).toBe(422);
    expect((await report(undefined, 'GET')).status).toBe(405);
  });

  it('answers 429 once an address has used its budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await report({ region: 'map', route: '/views/map', message: 'boom' })).status);
    expect(statuses).toContain(429);
  });
});
