import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../api/client';
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

  it('fetches one new token when two requests sent with an expired one are refused one after the other', async () => {
    const storage = memoryStorage();
    saveSession(
      storage,
      memberSession({ userId: null, realname: null, email: null, role: null, grantType: 'client_credentials', accessToken: 'expired' }),
    );
    // `/config` is refused for the expired token, each refusal when the test lets it go.
    const refusals: Array<() => void> = [];
    const sent: string[] = [];
    let grants = 0;
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('Authorization');
      if (String(url).endsWith('/oauth/token')) {
        grants++;
        return json(200, { token_type: 'Bearer', expires_in: 3600, access_token: `fresh-${grants}` });
      }
      sent.push(auth ?? '');
      if (auth === 'Bearer expired') {
        await new Promise<void>((resolve) => refusals.push(resolve));
        return json(401, { errors: [{ status: 401, message: 'Unauthorized.' }] });
      }
      return json(200, { ok: true });
    };
    const api = createApiClient({ fetch });
    const services = createAppServices({
      storage,
      api,
      realtime: createRealtimeClient({ connect: () => serverSocket() as unknown as SocketLike }),
      navigate: vi.fn(),
      location: () => '/views/map',
    });
    const first = api.get('/config', z.unknown());
    const second = api.get('/config', z.unknown());
    await vi.waitFor(() => expect(refusals).toHaveLength(2));
    refusals[0]!();
    await expect(first).resolves.toEqual({ ok: true });
    refusals[1]!();
    await expect(second).resolves.toEqual({ ok: true });
    expect(grants).toBe(1);
    expect(sent).toEqual(['Bearer expired', 'Bearer expired', 'Bearer fresh-1', 'Bearer fresh-1']);
    expect(services.session.getSnapshot().context.session?.accessToken).toBe('fresh-1');
  });
});
