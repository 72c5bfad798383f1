import type { EventType } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache';
import type { ActiveToken } from './tokens.repository';

const HOUR = 3_600_000;
const token = (over: Partial<ActiveToken>): ActiveToken => ({
  id: 1,
  clientId: 'web',
  userId: 7,
  scopes: ['posts'],
  role: 'ranger',
  permissions: ['Manage Posts'],
  expiresAt: new Date(HOUR),
  ...over,
});
const ada = token({ id: 70, userId: 7, role: 'ranger' });
const bob = token({ id: 80, userId: 8, role: 'user' });
const event = (type: EventType, aggregateId: string, payload: Record<string, unknown> = {}) => ({
  type,
  aggregate_id: aggregateId,
  payload,
});

/** A cache over a store whose answers the test changes, counting the reads that reach it. */
function setup(ttlMs = 5000, maxEntries = 100) {
  let clock = 0;
  const store = new Map<string, ActiveToken | null>([
    ['ada', ada],
    ['bob', bob],
  ]);
  const reads: string[] = [];
  const cache = new TokenCache({ ttlMs, maxEntries, now: () => clock });
  const find = (hash: string) =>
    cache.find(hash, async () => {
      reads.push(hash);
      return store.get(hash) ?? null;
    });
  return { cache, store, reads, find, tick: (ms: number) => (clock += ms) };
}

describe('TokenCache', () => {
  it('reads a token once, then answers it from memory until its time is up', async () => {
    const { find, reads, tick } = setup();
    expect(await find('ada')).toEqual(ada);
    expect(await find('ada')).toEqual(ada);
    tick(4999);
    expect(await find('ada')).toEqual(ada);
    expect(reads).toEqual(['ada']);
    tick(1);
    await find('ada');
    expect(reads).toEqual(['ada', 'ada']);
  });

  it('never keeps an unknown token, and never answers an expired one', async () => {
    const { find, reads, tick, store } = setup(10 * HOUR);
    expect(await find('nobody')).toBeNull();
    expect(await find('nobody')).toBeNull();
    expect(reads).toEqual(['nobody', 'nobody']);
    await find('ada');
    tick(HOUR);
    store.set('ada', null);
    expect(await find('ada')).toBeNull();
    expect(reads).toEqual(['nobody', 'nobody', 'ada', 'ada']);
  });

  it("forgets the tokens a logout, a user's change or a role's change may end, and only those", async () => {
    const { cache, find, reads, store } = setup();
    const readsAfter = async (events: ReturnType<typeof event>[]) => {
      await find('ada');
      await find('bob');
      reads.length = 0;
      cache.heard(events);
      await find('ada');
      await find('bob');
      return [...reads];
    };
    expect(await readsAfter([event('token.revoked', '80')])).toEqual(['bob']);
    expect(await readsAfter([event('user.updated', '7')])).toEqual(['ada']);
    expect(await readsAfter([event('user.deleted', '8')])).toEqual(['bob']);
    expect(await readsAfter([event('role.updated', 'ranger')])).toEqual(['ada']);
    expect(await readsAfter([event('role.deleted', 'user')])).toEqual(['bob']);
    expect(await readsAfter([event('config.updated', 'site', { keys: ['private'] })])).toEqual(['ada', 'bob']);
    expect(await readsAfter([event('post.created', '7'), event('config.updated', 'site', { keys: ['name'] })])).toEqual([]);

    store.set('bob', null);
    cache.heard([event('token.revoked', '80')]);
    expect(await find('bob')).toBeNull();
  });

  it('forgets a token a refresh replaced', async () => {
    const { cache, find, reads } = setup();
    await find('ada');
    await find('bob');
    cache.forget(70);
    await find('ada');
    await find('bob');
    expect(reads).toEqual(['ada', 'bob', 'ada']);
  });

  it('does not keep a read that a change overlapped: it may be from before the change', async () => {
    const { cache, reads } = setup();
    let answer!: (value: ActiveToken) => void;
    const slow = cache.find('ada', () => new Promise<ActiveToken>((resolve) => (answer = resolve)));
    cache.heard([event('user.updated', '7')]);
    answer(ada);
    expect(await slow).toEqual(ada);
    await cache.find('ada', async () => {
      reads.push('ada');
      return ada;
    });
    expect(reads).toEqual(['ada']);
  });

  it('holds at most its number of tokens, dropping the one read longest ago first', async () => {
    const { find, reads, store, cache } = setup(5000, 2);
    store.set('cy', token({ id: 90, userId: 9 }));
    await find('ada');
    await find('bob');
    await find('cy');
    expect(cache.size).toBe(2);
    reads.length = 0;
    await find('bob');
    await find('cy');
    await find('ada');
    expect(reads).toEqual(['ada']);
  });

  it('reads every time when turned off', async () => {
    const { find, reads } = setup(0);
    await find('ada');
    await find('ada');
    expect(reads).toEqual(['ada', 'ada']);
  });
});
