import type { PostLockResponse } from '@platform/shared';
import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../api/errors';
import { unlocks, type LockChange } from './lock-events';

/** Locks last five minutes (API-CONTRACT 11); the editor renews well before that. */
export const RENEW_EVERY_MS = 60_000;

export type PostLockInput = { postId: number; userId: number };

export type PostLockContext = PostLockInput & {
  lock: PostLockResponse | null;
  /** Why the lock could not be had: the server's sentence naming the holder, or the failure. */
  refusal: string | null;
};

export type PostLockEvent =
  /** A pushed lock event about this post (see lock-events.ts). */
  | { type: 'LOCK_CHANGED'; change: LockChange }
  /** The editor closes: saved, cancelled or navigated away. */
  | { type: 'LEAVE' }
  /** Ask again, after a refusal or once the post became free. */
  | { type: 'RETRY' };

/** A refusal because another user holds the lock, as opposed to the request failing. */
const heldByOther = (error: unknown) => isApiError(error) && (error.status === 409 || error.status === 404);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The post-edit lock (spec 2 section 4, issue #7): entering edit requests the lock; while editing
 * it is renewed; leaving releases it. Someone else's lock refuses entry and, without polling, the
 * machine notices when that lock goes away. Losing the lock while editing (an administrator broke
 * it, it expired, someone else took it) ends in `lost`, where the editor says so.
 */
export const postLockMachine = setup({
  types: {
    input: {} as PostLockInput,
    context: {} as PostLockContext,
    events: {} as PostLockEvent,
  },
  actors: {
    acquire: fromPromise<PostLockResponse, { postId: number }>(() => Promise.reject(new Error('acquire is provided by usePostLock'))),
    release: fromPromise<unknown, { postId: number }>(() => Promise.reject(new Error('release is provided by usePostLock'))),
  },
  guards: {
    /** The change takes the lock away from this editor. */
    losesLock: ({ context, event }) => {
      if (event.type !== 'LOCK_CHANGED') return false;
      const { change } = event;
      if (change.type === 'lock.acquired' || change.type === 'lock.renewed') return change.payload.user_id !== context.userId;
      if (change.type === 'lock.released') return (change.payload.by_user_id ?? null) !== context.userId;
      return true;
    },
    /** The change frees the post for someone waiting on it. */
    freesPost: ({ event }) => event.type === 'LOCK_CHANGED' && unlocks(event.change),
    heldByOther: ({ event }) => heldByOther((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'postLock',
  context: ({ input }) => ({ ...input, lock: null, refusal: null }),
  initial: 'acquiring',
  states: {
    acquiring: {
      invoke: {
        src: 'acquire',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: { target: 'editing', actions: assign({ lock: ({ event }) => event.output, refusal: null }) },
        onError: [
          { guard: 'heldByOther', target: 'lockedByOther', actions: assign({ refusal: ({ event }) => messageOf(event.error) }) },
          { target: 'failed', actions: assign({ refusal: ({ event }) => messageOf(event.error) }) },
        ],
      },
      // The request may already have taken the lock: give it back.
      on: { LEAVE: 'releasing' },
    },
    editing: {
      initial: 'holding',
      states: {
        holding: { after: { [RENEW_EVERY_MS]: 'renewing' } },
        renewing: {
          invoke: {
            src: 'acquire',
            input: ({ context }) => ({ postId: context.postId }),
            onDone: { target: 'holding', actions: assign({ lock: ({ event }) => event.output }) },
            onError: { target: '#postLock.lost' },
          },
        },
      },
      on: {
        LOCK_CHANGED: { guard: 'losesLock', target: 'lost' },
        LEAVE: 'releasing',
      },
    },
    releasing: {
      invoke: {
        src: 'release',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: 'done',
        // Nothing to release any more (broken or expired meanwhile): leaving goes on regardless.
        onError: 'done',
      },
    },
    lockedByOther: {
      on: {
        LOCK_CHANGED: { guard: 'freesPost', target: 'available' },
        RETRY: 'acquiring',
        LEAVE: 'done',
      },
    },
    /** The lock someone else held has gone: editing is possible again. */
    available: { on: { RETRY: 'acquiring', LEAVE: 'done' } },
    lost: { entry: assign({ lock: null }), on: { LEAVE: 'done', RETRY: 'acquiring' } },
    failed: { on: { RETRY: 'acquiring', LEAVE: 'done' } },
    done: { type: 'final' },
  },
});
