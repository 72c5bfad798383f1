import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../session/session-storage';
import { createRealtimeClient, type SocketLike } from '../realtime/realtime-client';
import { memberSession } from '../test/harness';
import { createAppServices } from './services';

/** A socket stand-in the test can speak through as the server would. */
function serverSocket() {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  return {
    auth: {} as unknown,
    connected: false,
    active: false,
    on(event: string, listener: (...args: never[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
    },
    connect: () => undefined,
    disconnect: () => undefined,
    io: { on: () => undefined },
    emit(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('app services', () => {
  it('ends the session when the realtime socket hears its token was revoked elsewhere', () => {
    const storage = memoryStorage();
    saveSession(storage, memberSession());
    const socket = serverSocket();
    const services = createAppServices({
      storage,
      realtime: createRealtimeClient({ connect: () => socket as unknown as SocketLike }),
      navigate: vi.fn(),
      location: () => '/views/map',
    });
    const stop = services.start();
    expect(services.session.getSnapshot().matches('loggedIn')).toBe(true);
    socket.emit('connect');
    socket.emit('session_ended', { reason: 'revoked' });
    expect(services.session.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(services.session.getSnapshot().context.session).toBeNull();
    expect(storage.getItem('platform.session')).toBeNull();
    stop();
  });
});
