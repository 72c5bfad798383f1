import type { PushedEvent } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type SocketLike } from './realtime-client';
import { matchesFilter } from '../providers/useServerEvents';

/** A socket.io client socket stand-in: records options, connects on demand, lets the test emit. */
function fakeSocket() {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  const managerHandlers = new Map<string, Array<() => void>>();
  const socket = {
    auth: {} as unknown,
    connected: false,
    active: false,
    connects: [] as unknown[],
    on(event: string, listener: (...args: never[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
    },
    connect() {
      socket.connects.push(structuredClone(socket.auth));
      socket.connected = true;
      socket.active = true;
    },
    disconnect() {
      socket.connected = false;
      socket.active = false;
    },
    io: {
      on(event: string, listener: () => void) {
        managerHandlers.set(event, [...(managerHandlers.get(event) ?? []), listener]);
      },
    },
    emit(event: string, ...args: unknown[]) {
      for (const h of handlers.get(event) ?? []) h(...args);
    },
    /** What socket.io does before each automatic reconnection attempt. */
    reconnectAttempt() {
      for (const h of managerHandlers.get('reconnect_attempt') ?? []) h();
      socket.connects.push(structuredClone(socket.auth));
    },
  };
  return socket;
}

const event = (id: number, type: PushedEvent['type'] = 'post.created'): PushedEvent => ({
  id,
  type,
  aggregate_type: 'post',
  aggregate_id: String(id),
  actor_id: null,
  payload: {},
  created_at: '2025-01-01T00:00:00Z',
});

function start(token: string | null = 'tok') {
  const socket = fakeSocket();
  const options: unknown[] = [];
  const client = createRealtimeClient({
    token,
    connect: (o) => {
      options.push(o);
      return socket as unknown as SocketLike;
    },
  });
  client.start();
  return { socket, client, options };
}

describe('realtime client', () => {
  it('connects once to the same origin without auto-connect, with the token and no last id yet', () => {
    const { socket, options } = start();
    expect(options).toEqual([{ autoConnect: false, auth: { token: 'tok' } }]);
    expect(socket.connects).toEqual([{ token: 'tok' }]);
  });

  it('remembers the last event id and sends it when reconnecting', () => {
    const { socket, client } = start();
    const seen: number[] = [];
    client.subscribe((e) => seen.push(e.id));
    socket.emit('event', event(41));
    socket.emit('event', event(40)); // commit order may differ from id order: the last received counts
    expect(seen).toEqual([41, 40]);
    expect(client.lastEventId).toBe(40);
    expect(socket.auth).toEqual({ token: 'tok', lastEventId: 40 });
    socket.emit('disconnect', 'transport close');
    socket.reconnectAttempt();
    expect(socket.connects.at(-1)).toEqual({ token: 'tok', lastEventId: 40 });
  });

  it('resumes a first connection from the lowest position the API answered at, and only the first', () => {
    const socket = fakeSocket();
    const client = createRealtimeClient({ token: 'tok', connect: () => socket as unknown as SocketLike });
    // Screens read their data (answers at positions 30, 25 and 28) before the socket connects.
    client.resumeFrom(30);
    client.resumeFrom(25);
    client.resumeFrom(28);
    client.start();
    expect(socket.connects).toEqual([{ token: 'tok', lastEventId: 25 }]);
    socket.emit('connect');
    socket.emit('caught_up', { lastEventId: 31 });
    // Live: the pushes say where to resume from now on.
    client.resumeFrom(3);
    expect(client.lastEventId).toBe(31);
    socket.emit('disconnect', 'transport close');
    socket.reconnectAttempt();
    expect(socket.connects.at(-1)).toEqual({ token: 'tok', lastEventId: 31 });
  });

  it('takes the position the server reports after a catch-up', () => {
    const { socket, client } = start();
    socket.emit('event', event(7));
    socket.emit('caught_up', { lastEventId: 12 });
    expect(client.lastEventId).toBe(12);
    expect(client.status).toBe('live');
    socket.emit('caught_up', { lastEventId: 0 });
    expect(client.lastEventId).toBe(12);
  });

  it('drops pushes that do not match the shared schema', () => {
    const { socket, client } = start();
    const listener = vi.fn();
    client.subscribe(listener);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    socket.emit('event', { id: 'x', type: 'nope' });
    expect(listener).not.toHaveBeenCalled();
    expect(client.lastEventId).toBeUndefined();
  });

  it('reconnects with the new token on login and logout, keeping the last event id', () => {
    const { socket, client } = start(null);
    socket.emit('event', event(5));
    client.setToken('user-token');
    expect(socket.connects.at(-1)).toEqual({ token: 'user-token', lastEventId: 5 });
    client.setToken(null);
    expect(socket.connects.at(-1)).toEqual({ lastEventId: 5 });
    const before = socket.connects.length;
    client.setToken(null);
    expect(socket.connects).toHaveLength(before);
  });

  it('falls back to an anonymous connection when the server refuses the token', () => {
    const { socket } = start('expired');
    socket.emit('connect_error', new Error('unauthorized'));
    expect(socket.connects.at(-1)).toEqual({});
  });

  it('drops a token the server says stopped working, tells the session, and listens on anonymously', () => {
    const { socket, client } = start('tok');
    const ended = vi.fn();
    client.onSessionEnded(ended);
    socket.emit('connect');
    socket.emit('event', event(3));
    socket.emit('session_ended', { reason: 'revoked' });
    expect(ended).toHaveBeenCalledWith({ token: 'tok', reason: 'revoked' });
    expect(socket.auth).toEqual({ lastEventId: 3 });
    // No new connection: the server keeps this one as an anonymous listener.
    expect(socket.connects).toHaveLength(1);
    socket.emit('disconnect', 'transport close');
    socket.reconnectAttempt();
    expect(socket.connects.at(-1)).toEqual({ lastEventId: 3 });
    socket.emit('session_ended', { reason: 'whatever' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ignores a notice from the connection before a token change', () => {
    const { socket, client } = start('old');
    const ended = vi.fn();
    client.onSessionEnded(ended);
    socket.emit('connect');
    client.setToken('new');
    // socket.io hands a buffered packet of the old connection over before the new `connect`.
    socket.emit('session_ended', { reason: 'revoked' });
    socket.emit('connect');
    expect(ended).not.toHaveBeenCalled();
    expect(socket.auth).toEqual({ token: 'new' });
  });

  it('tells the session when a reconnection is refused for its token', () => {
    const { socket, client } = start('expired');
    const ended = vi.fn();
    client.onSessionEnded(ended);
    socket.emit('connect_error', new Error('unauthorized'));
    expect(ended).toHaveBeenCalledWith({ token: 'expired', reason: 'refused' });
  });

  it('only changes the handshake while not started', () => {
    const socket = fakeSocket();
    const client = createRealtimeClient({ token: null, connect: () => socket as unknown as SocketLike });
    client.setToken('later');
    expect(socket.connects).toEqual([]);
    client.start();
    expect(socket.connects).toEqual([{ token: 'later' }]);
  });
});

describe('event filters', () => {
  it('match by type, by list, or by predicate', () => {
    expect(matchesFilter('post.created', event(1))).toBe(true);
    expect(matchesFilter(['post.updated', 'post.deleted'], event(1))).toBe(false);
    expect(matchesFilter((e) => e.aggregate_id === '1', event(1))).toBe(true);
  });
});
