import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { countInFlight, requestsInFlight, requestsQuiet } from './in-flight';

/** A request through the middleware; `end` fires what Express fires when it is answered or dropped. */
function arrive() {
  const res = new EventEmitter();
  countInFlight({} as Request, res as unknown as Response, () => undefined);
  return { finish: () => res.emit('finish'), close: () => res.emit('close') };
}

describe('requests in flight', () => {
  it('counts a request until it is answered, once even when its connection then closes', () => {
    const before = requestsInFlight();
    const a = arrive();
    const b = arrive();
    expect(requestsInFlight()).toBe(before + 2);
    a.finish();
    a.close();
    expect(requestsInFlight()).toBe(before + 1);
    b.close();
    expect(requestsInFlight()).toBe(before);
  });

  it('lets a waiter go when the last request is answered, before its time is up', async () => {
    const a = arrive();
    let quiet = false;
    const waiting = requestsQuiet(60_000).then(() => (quiet = true));
    await Promise.resolve();
    expect(quiet).toBe(false);
    a.finish();
    await waiting;
    expect(quiet).toBe(true);
  });

  it('lets a waiter go after its time when requests keep coming', async () => {
    const a = arrive();
    await requestsQuiet(5);
    expect(requestsInFlight()).toBe(1);
    a.finish();
  });
});
