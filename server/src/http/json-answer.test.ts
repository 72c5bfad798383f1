import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonAnswer } from './json-answer';
import { jsonp } from './transport';

let serialised = 0;
const page = { results: [{ id: 1, title: 'Flood at the bridge' }], total_count: 1, toJSON: undefined as unknown };
page.toJSON = () => {
  serialised++;
  return { results: page.results, total_count: page.total_count };
};
const kept = new JsonAnswer(page);

const app = express();
app.use(jsonp);
app.get('/kept', (_req, res) => kept.send(res));
app.get('/plain', (_req, res) => res.json(page));
let base = '';
let server: ReturnType<typeof app.listen>;

beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a kept JSON answer', () => {
  it('is written once however often it is sent, with the body and ETag res.json gives', async () => {
    const plain = await fetch(`${base}/plain`);
    const plainBody = await plain.text();
    serialised = 0;
    const first = await fetch(`${base}/kept`);
    const second = await fetch(`${base}/kept`);
    expect(serialised).toBe(1);
    for (const res of [first, second]) {
      expect(res.headers.get('content-type')).toBe(plain.headers.get('content-type'));
      expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(await res.text()).toBe(plainBody);
    }
  });

  it('answers 304 to a request that has it already', async () => {
    const etag = (await fetch(`${base}/kept`)).headers.get('etag')!;
    // (fetch would add `Cache-Control: no-cache` to a conditional request, which asks for the body.)
    const again = await fetch(`${base}/kept`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });

  it('is wrapped for JSONP like any other answer', async () => {
    const res = await fetch(`${base}/kept?format=jsonp&callback=show`);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toBe('/**/show({"results":[{"id":1,"title":"Flood at the bridge"}],"total_count":1});');
  });
});
