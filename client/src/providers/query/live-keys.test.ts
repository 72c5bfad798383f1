import type { PushedEvent } from '@platform/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keysForEvent } from './live-keys';
import { createLiveInvalidation, createQueryClient } from './query-client';
import { queryKeyFor } from './query-keys';

const pushed = (type: PushedEvent['type'], aggregate_id: string, payload: Record<string, unknown> = {}): PushedEvent =>
  ({ id: 1, type, aggregate_type: 'post', aggregate_id, actor_id: null, payload, created_at: new Date().toISOString() }) as PushedEvent;

describe('keysForEvent', () => {
  it('makes a new or deleted post stale in the lists, the post, the counts, the demo total and the map', () => {
    expect(keysForEvent(pushed('post.created', '12'))).toEqual([['posts'], ['post', 12], ['post-stats'], ['post-total'], ['clusters']]);
    expect(keysForEvent(pushed('post.deleted', '12'))).toEqual([['posts'], ['post', 12], ['post-stats'], ['post-total'], ['clusters']]);
  });

  it('leaves the demo total alone when a post only changes', () => {
    expect(keysForEvent(pushed('post.updated', '3'))).toEqual([['posts'], ['post', 3], ['post-stats'], ['clusters']]);
    expect(keysForEvent(pushed('post.status_changed', '3'))).toEqual([['posts'], ['post', 3], ['post-stats'], ['clusters']]);
  });

  it('names the thread of the contact a message came from', () => {
    expect(
      keysForEvent(
        pushed('message.created', '9', { id: 9, contact_id: 4, post_id: 2, parent_id: null, direction: 'incoming', status: 'received' }),
      ),
    ).toEqual([['messages', 4], ['form-stats']]);
    // A reply's delivery state (sent, failed) refreshes the same thread.
    expect(
      keysForEvent(
        pushed('message.updated', '10', { id: 10, contact_id: 4, post_id: 2, parent_id: 9, direction: 'outgoing', status: 'sent' }),
      ),
    ).toEqual([['messages', 4], ['form-stats']]);
  });

  it('names the set and the configuration', () => {
    expect(keysForEvent(pushed('collection.updated', '5'))).toEqual([['set', 5], ['sets']]);
    expect(keysForEvent(pushed('config.updated', 'site'))).toEqual([['config']]);
  });

  it('names the deliveries of the webhook a delivery belongs to', () => {
    expect(keysForEvent(pushed('webhook.delivery_updated', '7', { delivery_id: 3, status: 'delivered' }))).toEqual([
      ['webhook-deliveries', 7],
    ]);
  });

  it('names nothing for events that change no loaded data', () => {
    expect(keysForEvent(pushed('lock.acquired', '3'))).toEqual([]);
  });
});

describe('createLiveInvalidation', () => {
  afterEach(() => vi.useRealTimers());

  const seeded = () => {
    const queries = createQueryClient();
    for (const resource of [['posts', { status: ['published'] }], ['post', 3], ['post', 4], ['post-stats', {}], ['forms']] as const)
      queries.setQueryData(queryKeyFor(7, resource), 'loaded');
    const stale = () =>
      queries
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey.slice(1));
    return { queries, stale };
  };

  it('marks what the event names stale, for any query under that resource', () => {
    const { queries, stale } = seeded();
    const live = createLiveInvalidation(queries);
    live.onEvent(pushed('post.updated', '3'));
    expect(stale()).toEqual([
      ['posts', { status: ['published'] }],
      ['post', 3],
      ['post-stats', {}],
    ]);
    live.stop();
  });

  it('recounts at once for the first change, then once per window however many posts change', () => {
    vi.useFakeTimers();
    const { queries } = seeded();
    const invalidate = vi.spyOn(queries, 'invalidateQueries');
    const live = createLiveInvalidation(queries);
    const stats = () => queries.getQueryCache().find({ queryKey: queryKeyFor(7, ['post-stats', {}]) });
    live.onEvent(pushed('post.updated', '0'));
    // A single change shows without waiting: the lists, the post, the counts and the map's clusters.
    expect(stats()?.state.isInvalidated).toBe(true);
    expect(invalidate).toHaveBeenCalledTimes(4);
    for (let i = 1; i < 20; i++) live.onEvent(pushed('post.updated', String(i)));
    // The lists and the post for each later event; the counts and the clusters wait for the window's end.
    expect(invalidate).toHaveBeenCalledTimes(4 + 19 * 2);
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledTimes(4 + 19 * 2 + 1);
    vi.advanceTimersByTime(500);
    expect(invalidate).toHaveBeenCalledTimes(4 + 19 * 2 + 2);
    // A quiet window closes without another refetch, and the next change is shown at once again.
    vi.advanceTimersByTime(1500);
    expect(invalidate).toHaveBeenCalledTimes(4 + 19 * 2 + 2);
    live.onEvent(pushed('post.updated', '20'));
    expect(invalidate).toHaveBeenCalledTimes(4 + 19 * 2 + 2 + 4);
    live.stop();
  });
});
