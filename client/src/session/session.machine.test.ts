import type { Role, Tos, User } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { sessionMachine, type LoginEmitted } from './session.machine';
import type { IssuedToken } from './session.actors';
import type { Session } from './session-storage';
import { TOS_VERSION_DATE } from './tos';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const HOUR = 3_600_000;

const user = (over: Partial<User> = {}): User => ({
  id: 7,
  url: 'http://x/api/v3/users/7',
  email: 'ada@example.org',
  realname: 'Ada',
  role: 'user',
  language: 'es',
  gravatar: 'abc',
  allowed_privileges: ['read', 'update'],
  ...over,
});
const role = (permissions: string[], name = 'user'): Role => ({
  id: 1,
  url: 'u',
  name,
  display_name: name,
  description: null,
  permissions,
  protected: true,
  allowed_privileges: [],
});
const agreement = (tos_version_date = TOS_VERSION_DATE): Tos => ({
  id: 1,
  url: 'u',
  user: { id: 7, url: 'u' },
  agreement_date: '2025-01-01T00:00:00+00:00',
  tos_version_date,
  allowed_privileges: [],
});
const stored = (over: Partial<Session> = {}): Session => ({
  userId: 7,
  realname: 'Ada',
  email: 'ada@example.org',
  accessToken: 'stored-token',
  accessTokenExpires: NOW + HOUR,
  grantType: 'password',
  role: 'user',
  permissions: [],
  gravatar: null,
  language: null,
  ...over,
});

type Fakes = {
  passwordGrant?: (input: { email: string; password: string }) => Promise<IssuedToken>;
  clientCredentials?: () => Promise<IssuedToken>;
  fetchUser?: (input: { token: string }) => Promise<User>;
  fetchRole?: (input: { token: string; role: string | null }) => Promise<Role | null>;
  fetchAgreements?: (input: { token: string }) => Promise<Tos[]>;
  agreeTos?: (input: { token: string }) => Promise<Tos>;
  releaseLocks?: (input: { token: string }) => Promise<void>;
  revokeToken?: (input: { token: string }) => Promise<void>;
};

function start(options: { stored?: Session | null; fakes?: Fakes; clock?: SimulatedClock; now?: () => number } = {}) {
  const f = {
    passwordGrant: vi.fn(options.fakes?.passwordGrant ?? (async () => ({ token: 'new-token', expires: NOW + 15 * HOUR }))),
    clientCredentials: vi.fn(options.fakes?.clientCredentials ?? (async () => ({ token: 'client-token', expires: NOW + HOUR }))),
    fetchUser: vi.fn(options.fakes?.fetchUser ?? (async () => user())),
    fetchRole: vi.fn(options.fakes?.fetchRole ?? (async () => role(['Edit their own posts']))),
    fetchAgreements: vi.fn(options.fakes?.fetchAgreements ?? (async () => [agreement()])),
    agreeTos: vi.fn(options.fakes?.agreeTos ?? (async () => agreement())),
    releaseLocks: vi.fn(options.fakes?.releaseLocks ?? (async () => undefined)),
    revokeToken: vi.fn(options.fakes?.revokeToken ?? (async () => undefined)),
  };
  const machine = sessionMachine.provide({
    actors: {
      passwordGrant: fromPromise(({ input }: { input: { email: string; password: string } }) => f.passwordGrant(input)),
      clientCredentials: fromPromise(() => f.clientCredentials()),
      fetchUser: fromPromise(({ input }: { input: { token: string } }) => f.fetchUser(input)),
      fetchRole: fromPromise(({ input }: { input: { token: string; role: string | null } }) => f.fetchRole(input)),
      fetchAgreements: fromPromise(({ input }: { input: { token: string } }) => f.fetchAgreements(input)),
      agreeTos: fromPromise(({ input }: { input: { token: string } }) => f.agreeTos(input)),
      releaseLocks: fromPromise(({ input }: { input: { token: string } }) => f.releaseLocks(input)),
      revokeToken: fromPromise(({ input }: { input: { token: string } }) => f.revokeToken(input)),
    },
  });
  const actor = createActor(machine, {
    input: { stored: options.stored ?? null, now: options.now ?? (() => NOW) },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const emitted: LoginEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, f, emitted };
}

const login = { type: 'LOGIN', email: 'ada@example.org', password: 'secret123' } as const;

describe('login machine: start', () => {
  it('resumes a stored, unexpired password session', () => {
    const { actor } = start({ stored: stored() });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.session?.accessToken).toBe('stored-token');
  });

  it('clears a stored password-grant token past its expiry', () => {
    const { actor } = start({ stored: stored({ accessTokenExpires: NOW - 1 }) });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'closed', token: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('keeps a live anonymous client token and drops an expired one', () => {
    const live = stored({ grantType: 'client_credentials', userId: null, accessToken: 'c' });
    expect(start({ stored: live }).actor.getSnapshot().context.session?.accessToken).toBe('c');
    const dead = { ...live, accessTokenExpires: NOW - 1 };
    expect(start({ stored: dead }).actor.getSnapshot().context.session).toBeNull();
  });

  it('starts anonymous without a stored session', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
  });
});

describe('login machine: logging in', () => {
  it('opens and cancels the login dialog', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN_LOGIN', returnTo: '/views/data' });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(actor.getSnapshot().context.returnTo).toBe('/views/data');
    actor.send({ type: 'CANCEL_LOGIN' });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('logs in: password grant, /users/me, the role by name, the terms check, then redirects back', async () => {
    const { actor, f, emitted } = start();
    actor.send({ type: 'OPEN_LOGIN', returnTo: '/views/data' });
    actor.send(login);
    expect(actor.getSnapshot().value).toBe('authenticating');
    const done = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(f.passwordGrant).toHaveBeenCalledWith({ email: 'ada@example.org', password: 'secret123' });
    expect(f.fetchUser).toHaveBeenCalledWith({ token: 'new-token' });
    expect(f.fetchRole).toHaveBeenCalledWith({ token: 'new-token', role: 'user' });
    expect(f.fetchAgreements).toHaveBeenCalledWith({ token: 'new-token' });
    expect(f.agreeTos).not.toHaveBeenCalled();
    expect(done.context.session).toEqual({
      userId: 7,
      realname: 'Ada',
      email: 'ada@example.org',
      accessToken: 'new-token',
      accessTokenExpires: NOW + 15 * HOUR,
      grantType: 'password',
      role: 'user',
      permissions: ['Edit their own posts'],
      gravatar: 'abc',
      language: 'es',
    });
    expect(done.context.credentials).toBeNull();
    expect(done.context.returnTo).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedIn', 'navigate']);
    expect(emitted[2]).toEqual({ type: 'navigate', to: '/views/data' });
  });

  it('announces the login only once the new session is in the snapshot', async () => {
    // Listeners reload config with the tab's token right away: it must already be the new one.
    const { actor } = start();
    const seen: Array<string | undefined> = [];
    actor.on('loggedIn', () => seen.push(actor.getSnapshot().context.session?.accessToken));
    actor.on('clearCaches', () => seen.push(actor.getSnapshot().context.session?.accessToken));
    actor.send(login);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(seen).toEqual(['new-token', 'new-token']);
  });

  it('does not navigate after login when there is no earlier URL', async () => {
    const { actor, emitted } = start();
    actor.send(login);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(emitted.some((e) => e.type === 'navigate')).toBe(false);
  });

  it('gives admin every permission even when its role lists fewer or cannot be read', async () => {
    const admin = user({ role: 'admin' });
    const { actor } = start({ fakes: { fetchUser: async () => admin, fetchRole: async () => role([], 'admin') } });
    actor.send(login);
    const done = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(done.context.session?.permissions).toEqual(expect.arrayContaining(['Manage Posts', 'Manage Settings', 'Bulk Data Import']));

    const failing = start({ fakes: { fetchUser: async () => admin, fetchRole: () => Promise.reject(new Error('404')) } });
    failing.actor.send(login);
    const done2 = await waitFor(failing.actor, (s) => s.matches('loggedIn'));
    expect(done2.context.session?.permissions).toContain('Manage Users');
  });

  it('logs a member in with no permissions when the role cannot be read', async () => {
    const { actor } = start({ fakes: { fetchRole: () => Promise.reject(new Error('down')) } });
    actor.send(login);
    expect((await waitFor(actor, (s) => s.matches('loggedIn'))).context.session?.permissions).toEqual([]);
  });

  it('skips the role call result for a user without a role', async () => {
    const { actor, f } = start({ fakes: { fetchUser: async () => user({ role: null }), fetchRole: async () => null } });
    actor.send(login);
    expect((await waitFor(actor, (s) => s.matches('loggedIn'))).context.session?.permissions).toEqual([]);
    expect(f.fetchRole).toHaveBeenCalledWith({ token: 'new-token', role: null });
  });

  it('marks a wrong password as failed, clears the credentials and keeps the dialog open', async () => {
    const error = new ApiError(400, [{ status: 400, title: 'invalid_grant', message: 'The user credentials were incorrect.' }]);
    const { actor, f } = start({ fakes: { passwordGrant: () => Promise.reject(error) } });
    actor.send(login);
    const failed = await waitFor(actor, (s) => s.matches({ anonymous: { prompt: 'open' } }));
    expect(failed.context.loginFailed).toBe(true);
    expect(failed.context.loginRefused).toBe(true);
    expect(failed.context.loginMessage).toBeNull();
    expect(failed.context.credentials).toBeNull();
    expect(f.fetchUser).not.toHaveBeenCalled();
    actor.send({ type: 'CANCEL_LOGIN' });
    expect(actor.getSnapshot().context.loginFailed).toBe(false);
  });

  it('keeps the server message when logins are throttled', async () => {
    const error = new ApiError(429, [{ status: 429, message: 'Too many failed login attempts. Please wait before trying again.' }]);
    const { actor } = start({ fakes: { passwordGrant: () => Promise.reject(error) } });
    actor.send(login);
    const failed = await waitFor(actor, (s) => s.context.loginFailed);
    expect(failed.context.loginMessage).toMatch(/Too many failed login attempts/);
  });

  it('says an unreachable or failing server as it is, not as refused credentials', async () => {
    for (const error of [
      new ApiError(0, [{ status: 0, message: 'The server could not be reached.' }]),
      new ApiError(503, [{ status: 503, message: 'Request failed (503)' }]),
    ]) {
      const { actor } = start({ fakes: { passwordGrant: () => Promise.reject(error) } });
      actor.send(login);
      const failed = await waitFor(actor, (s) => s.context.loginFailed);
      expect(failed.context.loginRefused).toBe(false);
      expect(failed.context.loginMessage).toBe(error.message);
      actor.stop();
    }
  });

  it('fails the login when /users/me cannot be read', async () => {
    const { actor } = start({ fakes: { fetchUser: () => Promise.reject(new Error('boom')) } });
    actor.send(login);
    const failed = await waitFor(actor, (s) => s.context.loginFailed);
    expect(failed.matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(failed.context.pending).toBeNull();
    expect(failed.context.session).toBeNull();
  });
});

describe('login machine: terms of service', () => {
  it('asks for agreement when there is none, then posts it and enters the session', async () => {
    const { actor, f } = start({ fakes: { fetchAgreements: async () => [] } });
    actor.send(login);
    await waitFor(actor, (s) => s.matches('awaitingTos'));
    expect(actor.getSnapshot().context.session).toBeNull();
    actor.send({ type: 'AGREE_TOS' });
    expect(actor.getSnapshot().value).toBe('savingTos');
    const done = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(f.agreeTos).toHaveBeenCalledWith({ token: 'new-token' });
    expect(done.context.session?.accessToken).toBe('new-token');
  });

  it('asks again when the only agreement predates the current terms', async () => {
    const { actor } = start({ fakes: { fetchAgreements: async () => [agreement('2015-01-01T00:00:00+00:00')] } });
    actor.send(login);
    await waitFor(actor, (s) => s.matches('awaitingTos'));
  });

  it('asks when the agreements cannot be read', async () => {
    const { actor } = start({ fakes: { fetchAgreements: () => Promise.reject(new Error('x')) } });
    actor.send(login);
    await waitFor(actor, (s) => s.matches('awaitingTos'));
  });

  it('stays on the terms when saving the agreement fails', async () => {
    const { actor } = start({ fakes: { fetchAgreements: async () => [], agreeTos: () => Promise.reject(new Error('x')) } });
    actor.send(login);
    await waitFor(actor, (s) => s.matches('awaitingTos'));
    actor.send({ type: 'AGREE_TOS' });
    const back = await waitFor(actor, (s) => s.matches('awaitingTos') && s.context.tosFailed);
    expect(back.context.session).toBeNull();
  });

  it('does not enter the session when the terms are declined', async () => {
    const { actor, emitted } = start({ fakes: { fetchAgreements: async () => [] } });
    actor.send(login);
    await waitFor(actor, (s) => s.matches('awaitingTos'));
    actor.send({ type: 'DECLINE_TOS' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ anonymous: { prompt: 'closed' } })).toBe(true);
    expect(snapshot.context.session).toBeNull();
    expect(snapshot.context.pending).toBeNull();
    expect(emitted.some((e) => e.type === 'loggedIn')).toBe(false);
  });
});

describe('login machine: refused requests', () => {
  it('fetches a client-credentials token when an anonymous request gets 401', async () => {
    const { actor, f } = start();
    actor.send({ type: 'REQUEST_REJECTED', status: 401, path: '/config' });
    expect(actor.getSnapshot().matches({ anonymous: { token: 'fetching' } })).toBe(true);
    const done = await waitFor(actor, (s) => s.matches({ anonymous: { token: 'idle' } }));
    expect(f.clientCredentials).toHaveBeenCalledTimes(1);
    expect(done.context.session).toMatchObject({ accessToken: 'client-token', grantType: 'client_credentials', userId: null });
  });

  it('does the same for 400, and only once while a fetch is under way', async () => {
    const { actor, f } = start();
    actor.send({ type: 'REQUEST_REJECTED', status: 400, path: '/posts' });
    actor.send({ type: 'REQUEST_REJECTED', status: 401, path: '/tags' });
    await waitFor(actor, (s) => s.matches({ anonymous: { token: 'idle' } }));
    expect(f.clientCredentials).toHaveBeenCalledTimes(1);
  });

  it('ignores refusals of the token, users and roles calls', () => {
    const { actor, f } = start();
    for (const path of ['/oauth/token', '/users/me', '/roles', '/api/v3/users/5']) {
      actor.send({ type: 'REQUEST_REJECTED', status: 401, path });
      actor.send({ type: 'REQUEST_REJECTED', status: 403, path });
    }
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'closed', token: 'idle' } })).toBe(true);
    expect(f.clientCredentials).not.toHaveBeenCalled();
  });

  it('keeps the visitor anonymous when the client token cannot be had', async () => {
    const { actor } = start({ fakes: { clientCredentials: () => Promise.reject(new Error('x')) } });
    actor.send({ type: 'REQUEST_REJECTED', status: 401, path: '/config' });
    const done = await waitFor(actor, (s) => s.matches({ anonymous: { token: 'idle' } }));
    expect(done.context.session).toBeNull();
  });

  it('opens the login dialog on 403 while anonymous and returns there after login', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'REQUEST_REJECTED', status: 403, path: '/posts/5', location: '/posts/5' });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    actor.send(login);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(emitted).toContainEqual({ type: 'navigate', to: '/posts/5' });
  });

  it('logs a user out and opens the login dialog on 401 or 400', () => {
    for (const status of [401, 400]) {
      const { actor, emitted } = start({ stored: stored() });
      actor.send({ type: 'REQUEST_REJECTED', status, path: '/posts', location: '/views/data' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ anonymous: { prompt: 'open' } })).toBe(true);
      expect(snapshot.context.session).toBeNull();
      expect(snapshot.context.returnTo).toBe('/views/data');
      expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
    }
  });

  it('sends a logged-in user to /forbidden on 403', () => {
    const { actor, emitted } = start({ stored: stored() });
    actor.send({ type: 'REQUEST_REJECTED', status: 403, path: '/posts/5' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(emitted).toEqual([{ type: 'navigate', to: '/forbidden' }]);
  });

  it('ignores exempt refusals while logged in', () => {
    const { actor, emitted } = start({ stored: stored() });
    actor.send({ type: 'REQUEST_REJECTED', status: 401, path: '/roles' });
    actor.send({ type: 'REQUEST_REJECTED', status: 403, path: '/users/9' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(emitted).toEqual([]);
  });
});

describe('login machine: logged in', () => {
  it('releases post locks, then revokes the token, before logging out a user with Manage Posts', async () => {
    let release!: () => void;
    const { actor, f, emitted } = start({
      stored: stored({ permissions: ['Manage Posts'] }),
      fakes: { releaseLocks: () => new Promise<void>((r) => (release = r)) },
    });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('releasingLocks');
    expect(actor.getSnapshot().context.session).not.toBeNull();
    expect(f.releaseLocks).toHaveBeenCalledWith({ token: 'stored-token' });
    expect(f.revokeToken).not.toHaveBeenCalled();
    release();
    const done = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(f.revokeToken).toHaveBeenCalledWith({ token: 'stored-token' });
    expect(done.context.session).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
  });

  it('logs out even when releasing the locks fails, and admins release too', async () => {
    const { actor, f } = start({ stored: stored({ role: 'admin' }), fakes: { releaseLocks: () => Promise.reject(new Error('404')) } });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('releasingLocks');
    expect((await waitFor(actor, (s) => s.matches('anonymous'))).context.session).toBeNull();
    expect(f.revokeToken).toHaveBeenCalledWith({ token: 'stored-token' });
  });

  it('revokes the token at the server on logout, without releasing locks it cannot hold', async () => {
    let revoked!: () => void;
    const { actor, f, emitted } = start({ stored: stored(), fakes: { revokeToken: () => new Promise<void>((r) => (revoked = r)) } });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('revoking');
    expect(f.revokeToken).toHaveBeenCalledWith({ token: 'stored-token' });
    expect(f.releaseLocks).not.toHaveBeenCalled();
    revoked();
    const done = await waitFor(actor, (s) => s.matches({ anonymous: { prompt: 'closed' } }));
    expect(done.context.session).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
  });

  it('logs out here when the server cannot revoke the token, or does not answer', async () => {
    const failing = start({ stored: stored(), fakes: { revokeToken: () => Promise.reject(new Error('offline')) } });
    failing.actor.send({ type: 'LOGOUT' });
    expect((await waitFor(failing.actor, (s) => s.matches('anonymous'))).context.session).toBeNull();

    const clock = new SimulatedClock();
    clock.set(NOW);
    const silent = start({
      stored: stored(),
      clock,
      now: () => clock.now(),
      fakes: { revokeToken: () => new Promise<void>(() => undefined) },
    });
    silent.actor.send({ type: 'LOGOUT' });
    clock.increment(4999);
    expect(silent.actor.getSnapshot().value).toBe('revoking');
    clock.increment(1);
    expect(silent.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(silent.actor.getSnapshot().context.session).toBeNull();
    expect(silent.emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
  });

  it('ends the session at once when the server says its token stopped working', () => {
    const { actor, emitted, f } = start({ stored: stored() });
    actor.send({ type: 'SESSION_ENDED' });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
    // Nothing left to revoke: the token is already dead.
    expect(f.revokeToken).not.toHaveBeenCalled();
  });

  it('drops an anonymous client token the server ended', () => {
    const { actor } = start({ stored: stored({ grantType: 'client_credentials', userId: null, role: null }) });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    actor.send({ type: 'SESSION_ENDED' });
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('keeps the new e-mail and name after a profile save', () => {
    const { actor } = start({ stored: stored() });
    actor.send({ type: 'PROFILE_UPDATED', email: 'new@example.org', realname: 'Ada L.' });
    expect(actor.getSnapshot().context.session).toMatchObject({ email: 'new@example.org', realname: 'Ada L.' });
  });

  it('ends the session and asks to log in again when the token expires', () => {
    const clock = new SimulatedClock();
    clock.set(NOW);
    const { actor, emitted } = start({ stored: stored({ accessTokenExpires: NOW + 1000 }), clock, now: () => clock.now() });
    clock.increment(999);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    clock.increment(1);
    expect(actor.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(['clearCaches', 'loggedOut']);
  });
});
