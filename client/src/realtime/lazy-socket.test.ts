import { describe, expect, it, vi } from 'vitest';
import { lazySocket, type SocketLoader } from './lazy-socket';
import { createRealtimeClient, type SocketLike } from './realtime-client';

/** A socket.io socket stand-in that records what it was given and when it was asked to connect. */
function fakeSocket() {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  const socket = {
    auth: undefined as unknown,
    connected: false,
    active: false,
    connects: [] as unknown[],
    on(event: string, listener: (...args: never[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
      return socket;
    },
    connect() {
      socket.connects.push(structuredClone(socket.auth));
      socket.connected = socket.active = true;
      return socket;
    },
    disconnect() {
      socket.connected = socket.active = false;
      return socket;
    },
    io: { on: vi.fn() },
    emit(event: string, ...args: unknown[]) {
      for (const h of handlers.get(event) ?? []) h(...args);
    },
  };
  return socket;
}

/** A loader the test resolves or fails by hand, counting its calls. */
function manualLoader() {
  const calls: Array<{ resolve: (socket: SocketLike) => void; reject: (error: Error) => void }> = [];
  const load: SocketLoader = () => new Promise((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a socket whose library loads on the first connection', () => {
  it('fetches nothing until asked to connect, then hands over listeners and the latest handshake', async () => {
    const { load, calls } = manualLoader();
    const socket = lazySocket({ autoConnect: false, auth: { token: 'a' } }, load);
    const connected = vi.fn();
    socket.on('connect', connected);
    const attempt = vi.fn();
    socket.io.on('reconnect_attempt', attempt);
    expect(calls).toHaveLength(0);
    expect(socket.connected).toBe(false);

    socket.connect();
    socket.connect();
    socket.auth = { token: 'b', lastEventId: 4 };
    expect(calls).toHaveLength(1);
    expect(socket.active).toBe(true);
    const real = fakeSocket();
    calls[0]!.resolve(real);
    await settle();
    expect(real.connects).toEqual([{ token: 'b', lastEventId: 4 }]);
    expect(real.io.on).toHaveBeenCalledWith('reconnect_attempt', attempt);
    real.emit('connect');
    expect(connected).toHaveBeenCalledOnce();
    expect(socket.connected).toBe(true);
    // From now on the real socket is used directly.
    socket.auth = { token: 'c' };
    expect(real.auth).toEqual({ token: 'c' });
    socket.disconnect();
    expect(real.connected).toBe(false);
  });

  it('does not connect a socket that was let go while its library loaded', async () => {
    const { load, calls } = manualLoader();
    const socket = lazySocket({ autoConnect: false }, load);
    socket.connect();
    socket.disconnect();
    const real = fakeSocket();
    calls[0]!.resolve(real);
    await settle();
    expect(real.connects).toEqual([]);
    socket.connect();
    expect(real.connects).toHaveLength(1);
  });

  it('reports a library that did not arrive as a failed connection, and tries again on the next connect', async () => {
    const { load, calls } = manualLoader();
    const socket = lazySocket({ autoConnect: false }, load);
    const failed = vi.fn();
    socket.on('connect_error', failed);
    socket.connect();
    calls[0]!.reject(new Error('chunk failed'));
    await settle();
    expect(failed).toHaveBeenCalledWith(new Error('chunk failed'));
    socket.connect();
    expect(calls).toHaveLength(2);
    const real = fakeSocket();
    calls[1]!.resolve(real);
    await settle();
    expect(real.connects).toHaveLength(1);
  });

  it('lets the realtime client go offline, not stay connecting, when the library cannot load', async () => {
    const { load, calls } = manualLoader();
    const client = createRealtimeClient({ connect: (options) => lazySocket(options, load) });
    client.start();
    expect(client.status).toBe('connecting');
    calls[0]!.reject(new Error('chunk failed'));
    await settle();
    expect(client.status).toBe('offline');
  });
});
