import { SOCKET_CAUGHT_UP, SOCKET_EVENT, SOCKET_SESSION_ENDED, type PushedEvent, type SessionEnded } from '@platform/shared';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = {
  socket: Socket;
  events: PushedEvent[];
  /** Resolves once `count` events matching `predicate` have arrived. */
  waitFor: (predicate: (event: PushedEvent) => boolean, count?: number, timeoutMs?: number) => Promise<PushedEvent[]>;
  caughtUp: Promise<void>;
  /** Resolves when the server says the socket's token stopped working. */
  sessionEnded: Promise<SessionEnded>;
  close: () => void;
};

/** A real socket.io client over a real connection, recording every pushed event. */
export async function connectSocket(url: string, auth: { token?: string; lastEventId?: number } = {}): Promise<TestSocket> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const events: PushedEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on(SOCKET_EVENT, (event: PushedEvent) => {
    events.push(event);
    for (const wake of waiters) wake();
  });
  const caughtUp = new Promise<void>((resolve) => socket.once(SOCKET_CAUGHT_UP, () => resolve()));
  const sessionEnded = new Promise<SessionEnded>((resolve) => socket.once(SOCKET_SESSION_ENDED, (info: SessionEnded) => resolve(info)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  await caughtUp;

  function waitFor(predicate: (event: PushedEvent) => boolean, count = 1, timeoutMs = 10000): Promise<PushedEvent[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const matching = events.filter(predicate);
        if (matching.length >= count) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `expected ${count} matching events within ${timeoutMs} ms, got ${events.filter(predicate).length} (all: ${events.map((e) => `${e.id}:${e.type}`).join(', ')})`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return { socket, events, waitFor, caughtUp, sessionEnded, close: () => socket.close() };
}
