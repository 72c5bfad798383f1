import type { PostLockResponse, PushedEvent } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../api/errors';
import { lockChangeFor, type LockChange, type LockEventType } from './lock-events';
import { postLockMachine, RENEW_EVERY_MS } from './post-lock.machine';

const POST = 7;
const ME = 3;
const lockOf = (userId: number): PostLockResponse => ({
  id: 1,
  url: '/api/v3/posts/7/lock',
  user: { id: userId, url: `/api/v3/users/${userId}` },
  post_id: POST,
  expires: 1_800_000_000,
  allowed_privileges: ['read'],
});
const change = (type: LockEventType, userId: number | null, byUserId: number | null = null): LockChange => ({
  type,
  payload: { post_id: POST, lock_id: 1, user_id: userId, user_realname: 'Someone', expires: 1_800_000_000, by_user_id: byUserId },
});
const refused = () =>
  new ApiError(409, [{ status: 409, message: 'The post is locked because Ann is working on it right now. Try editing a different post.' }]);

function start(acquire: () => Promise<PostLockResponse>, release: () => Promise<unknown> = () => Promise.resolve(lockOf(ME))) {
  const clock = new SimulatedClock();
  const acquireSpy = vi.fn(acquire);
  const releaseSpy = vi.fn(release);
  const machine = postLockMachine.provide({
    actors: { acquire: fromPromise(() => acquireSpy()), release: fromPromise(() => releaseSpy()) },
  });
  const actor = createActor(machine, { input: { postId: POST, userId: ME }, clock }).start();
  return { actor, clock, acquireSpy, releaseSpy };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('post-edit lock machine', () => {
  it('takes the lock on entry, renews it every minute while editing, and releases it on leaving', async () => {
    const { actor, clock, acquireSpy, releaseSpy } = start(() => Promise.resolve(lockOf(ME)));
    await waitFor(actor, (s) => s.matches({ editing: 'holding' }));
    expect(actor.getSnapshot().context.lock?.user?.id).toBe(ME);

    clock.increment(RENEW_EVERY_MS - 1);
    expect(acquireSpy).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ editing: 'holding' }) && acquireSpy.mock.calls.length === 2);
    clock.increment(RENEW_EVERY_MS);
    await settle();
    expect(acquireSpy).toHaveBeenCalledTimes(3);

    actor.send({ type: 'LEAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(releaseSpy).toHaveBeenCalledTimes(1);
  });

  it('is refused while another user holds the lock, and sees the post free up without polling', async () => {
    const { actor, clock, acquireSpy } = start(() => Promise.reject(refused()));
    await waitFor(actor, (s) => s.matches('lockedByOther'));
    expect(actor.getSnapshot().context.refusal).toMatch(/because Ann is working on it/);

    // Time passes: nothing is asked again.
    clock.increment(10 * RENEW_EVERY_MS);
    await settle();
    expect(acquireSpy).toHaveBeenCalledTimes(1);
    // The holder renewing changes nothing; the holder leaving frees the post.
    actor.send({ type: 'LOCK_CHANGED', change: change('lock.renewed', 9) });
    expect(actor.getSnapshot().matches('lockedByOther')).toBe(true);
    actor.send({ type: 'LOCK_CHANGED', change: change('lock.released', 9, 9) });
    expect(actor.getSnapshot().matches('available')).toBe(true);

    acquireSpy.mockImplementation(() => Promise.resolve(lockOf(ME)));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
  });

  it.each([
    ['an administrator breaks it', change('lock.broken', ME, 1)],
    ['it expires', change('lock.expired', ME)],
    ['an administrator releases it', change('lock.released', ME, 1)],
    ['another user takes it', change('lock.acquired', 9)],
  ])('loses the lock at once when %s', async (_name, lost) => {
    const { actor, releaseSpy } = start(() => Promise.resolve(lockOf(ME)));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'LOCK_CHANGED', change: lost });
    expect(actor.getSnapshot().matches('lost')).toBe(true);
    expect(actor.getSnapshot().context.lock).toBeNull();
    actor.send({ type: 'LEAVE' });
    expect(actor.getSnapshot().status).toBe('done');
    // A lost lock is not released again.
    expect(releaseSpy).not.toHaveBeenCalled();
  });

  it('keeps editing through its own renewals and its own release echo', async () => {
    const { actor } = start(() => Promise.resolve(lockOf(ME)));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'LOCK_CHANGED', change: change('lock.renewed', ME) });
    actor.send({ type: 'LOCK_CHANGED', change: change('lock.acquired', ME) });
    actor.send({ type: 'LOCK_CHANGED', change: change('lock.released', ME, ME) });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('treats a failed renewal as a lost lock', async () => {
    let calls = 0;
    const { actor, clock } = start(() => (++calls === 1 ? Promise.resolve(lockOf(ME)) : Promise.reject(refused())));
    await waitFor(actor, (s) => s.matches('editing'));
    clock.increment(RENEW_EVERY_MS);
    await waitFor(actor, (s) => s.matches('lost'));
  });

  it('tells a failed request from a refusal, and can retry it', async () => {
    const { actor, acquireSpy } = start(() => Promise.reject(new ApiError(0, [{ status: 0, message: 'The server could not be reached' }])));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.refusal).toBe('The server could not be reached');
    acquireSpy.mockImplementation(() => Promise.resolve(lockOf(ME)));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
  });

  it('leaves cleanly even when the release fails', async () => {
    const { actor } = start(
      () => Promise.resolve(lockOf(ME)),
      () => Promise.reject(new ApiError(404, [{ status: 404, message: 'This post is not locked' }])),
    );
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'LEAVE' });
    await waitFor(actor, (s) => s.status === 'done');
  });
});

describe('lockChangeFor', () => {
  const pushed = (type: string, payload: Record<string, unknown>): PushedEvent =>
    ({ id: 1, type, aggregate_type: 'lock', aggregate_id: '7', actor_id: 1, payload, created_at: '2026-11-23T00:00:00Z' }) as PushedEvent;
  const payload = { post_id: POST, lock_id: 1, user_id: ME, user_realname: null, expires: 1 };

  it('keeps lock events about the post and drops the rest', () => {
    expect(lockChangeFor(pushed('lock.broken', payload), POST)?.type).toBe('lock.broken');
    expect(lockChangeFor(pushed('lock.broken', payload), POST + 1)).toBeNull();
    expect(lockChangeFor(pushed('post.updated', { id: POST }), POST)).toBeNull();
    expect(lockChangeFor(pushed('lock.released', { post_id: 'x' }), POST)).toBeNull();
  });
});
