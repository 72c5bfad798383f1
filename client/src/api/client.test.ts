import { UserSchema } from '@platform/shared';
import { useForm } from 'react-hook-form';
import { renderHook, act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, type AuthFailure } from './client';
import en from '../locales/en.json';
import { ApiError, type ClientFailure } from './errors';
import { applyPointerErrors } from './form-errors';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function fakeServer(answers: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.url}`);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const me = { id: 1, url: 'u', email: 'a@b.co', realname: 'A', allowed_privileges: [] };

describe('api client', () => {
  it('sends the bearer token, Accept-Language and query arrays, and parses with the shared schema', async () => {
    const server = fakeServer([json(200, me)]);
    const api = createApiClient({ fetch: server.fetch, getToken: () => 'tok', getLanguage: () => 'es' });
    const user = await api.get('/users/me', UserSchema, { query: { status: ['published', 'draft'], q: 'x', skip: undefined } });
    expect(user.email).toBe('a@b.co');
    expect(server.calls[0]?.url).toBe('/api/v3/users/me?status%5B%5D=published&status%5B%5D=draft&q=x');
    expect(server.calls[0]?.headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'es' });
  });

  it('tells onEventPosition the event position each successful answer was read at', async () => {
    const positioned = (status: number, body: unknown, position: string) => () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Event-Position': position } });
    const server = fakeServer([positioned(200, me, '42'), json(200, me), positioned(200, me, 'nonsense')]);
    const positions: number[] = [];
    const api = createApiClient({ fetch: server.fetch, onEventPosition: (id) => positions.push(id) });
    for (let i = 0; i < 3; i++) await api.get('/users/me', UserSchema);
    expect(positions).toEqual([42]);
  });

  it('calls the token endpoint at the root, without a token when told so', async () => {
    const server = fakeServer([json(200, { ok: true })]);
    const api = createApiClient({ fetch: server.fetch, getToken: () => 'tok' });
    await api.post('/oauth/token', z.unknown(), { token: null, body: { a: 1 } });
    expect(server.calls[0]?.url).toBe('/oauth/token');
    expect(server.calls[0]?.headers.Authorization).toBeUndefined();
    expect(server.calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('turns the error envelope into an ApiError with every message, title and pointer', async () => {
    const envelope = {
      errors: [
        { status: 422, message: 'Failed to validate user entity:\nemail is already in use' },
        { status: 422, title: 'email is already in use', message: 'email is already in use', source: { pointer: '/email' } },
      ],
    };
    const api = createApiClient({ fetch: fakeServer([json(422, envelope)]).fetch });
    const error = await api.post('/register', z.unknown(), { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.messages).toHaveLength(2);
    expect(apiError.fieldProblems).toEqual([{ pointer: '/email', field: 'email', message: 'email is already in use' }]);
  });

  it('reads the OAuth error shape', async () => {
    const body = {
      error: 'invalid_grant',
      error_description: 'The user credentials were incorrect.',
      message: 'The user credentials were incorrect.',
    };
    const api = createApiClient({ fetch: fakeServer([json(400, body)]).fetch });
    const error = (await api.post('/oauth/token', z.unknown(), { token: null }).catch((e: unknown) => e)) as ApiError;
    expect(error.oauthError).toBe('invalid_grant');
    expect(error.messages).toEqual(['The user credentials were incorrect.']);
  });

  it('reports an unreachable server as status 0 and an unexpected body as an error', async () => {
    const down = createApiClient({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    expect(((await down.get('/config', z.unknown()).catch((e: unknown) => e)) as ApiError).status).toBe(0);
    const odd = createApiClient({ fetch: fakeServer([json(200, { nope: 1 })]).fetch });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = (await odd.get('/users/me', UserSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.messages).toEqual([en.api_failure.unexpected]);
  });

  it('words its own failures through describeFailure: no server, no error body, an answer out of contract', async () => {
    const describeFailure = (failure: ClientFailure) => (failure.kind === 'status' ? `status ${failure.status}` : failure.kind);
    const down = createApiClient({ describeFailure, fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    const unreachable = (await down.get('/config', z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(unreachable.messages).toEqual(['unreachable']);
    expect((unreachable.cause as Error).message).toBe('Failed to fetch');
    const proxy = createApiClient({
      describeFailure,
      fetch: (async () => new Response('<html>Bad Gateway</html>', { status: 502 })) as typeof fetch,
    });
    expect(((await proxy.get('/config', z.unknown()).catch((e: unknown) => e)) as ApiError).messages).toEqual(['status 502']);
    const odd = createApiClient({ describeFailure, fetch: fakeServer([json(200, { nope: 1 })]).fetch });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(((await odd.get('/users/me', UserSchema).catch((e: unknown) => e)) as ApiError).messages).toEqual(['unexpected']);
  });

  it('asks the session on 401 and retries once with the token it then holds', async () => {
    let token: string | null = null;
    const server = fakeServer([json(401, { errors: [{ status: 401, message: 'Unauthorized.' }] }), json(200, { count: 0, results: [] })]);
    const api = createApiClient({ fetch: server.fetch, getToken: () => token });
    const failures: AuthFailure[] = [];
    api.setAuthHandler(async (failure) => {
      failures.push(failure);
      token = 'client-token';
      return 'retry';
    });
    await api.get('/config', z.unknown());
    expect(failures).toEqual([{ status: 401, path: '/config', token: null }]);
    expect(server.calls[1]?.headers.Authorization).toBe('Bearer client-token');
  });

  it('gives up after one retry and still reports a refusal after it', async () => {
    const server = fakeServer([
      json(401, { errors: [{ status: 401, message: 'a' }] }),
      json(403, { errors: [{ status: 403, message: 'b' }] }),
    ]);
    const api = createApiClient({ fetch: server.fetch });
    const handler = vi.fn(async () => 'retry' as const);
    api.setAuthHandler(handler);
    const error = (await api.get('/posts', z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(server.calls).toHaveLength(2);
  });

  it('never involves the session for token, users and roles calls, or a 403 the caller handles', async () => {
    const refused = json(403, { errors: [{ status: 403, message: 'no' }] });
    const server = fakeServer([refused, refused, refused, refused]);
    const api = createApiClient({ fetch: server.fetch });
    const handler = vi.fn(async () => 'retry' as const);
    api.setAuthHandler(handler);
    for (const path of ['/users/me', '/roles', '/oauth/token']) await api.get(path, z.unknown()).catch(() => undefined);
    await api.delete('/contacts/1', z.unknown(), { ignore403: true }).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
  });

  it('caches GETs until a save', async () => {
    const server = fakeServer([json(200, { n: 1 }), json(200, {}), json(200, { n: 2 })]);
    const api = createApiClient({ fetch: server.fetch });
    const schema = z.object({ n: z.number() });
    expect((await api.cached('/config', schema)).n).toBe(1);
    expect((await api.cached('/config', schema)).n).toBe(1);
    await api.put('/config/site', z.unknown(), { body: {} });
    expect((await api.cached('/config', schema)).n).toBe(2);
    expect(server.calls).toHaveLength(3);
  });
});

describe('applyPointerErrors', () => {
  it('marks the fields named by pointers and returns the rest', async () => {
    const error = new ApiError(422, [
      { status: 422, message: 'Failed to validate user entity' },
      { status: 422, title: 'email is already in use', message: 'email is already in use', source: { pointer: '/email' } },
      { status: 422, title: 'bad name', message: 'bad name', source: { pointer: '/realname' } },
      { status: 422, title: 'odd', message: 'odd', source: { pointer: '/role' } },
    ]);
    const { result } = renderHook(() => useForm<{ email: string; name: string }>({ defaultValues: { email: '', name: '' } }));
    let rest: string[] = [];
    act(() => {
      rest = applyPointerErrors(error, result.current.setError, ['email', 'name'], { realname: 'name' });
    });
    expect(result.current.getFieldState('email').error?.message).toBe('email is already in use');
    expect(result.current.getFieldState('name').error?.message).toBe('bad name');
    expect(rest).toEqual(['odd']);
  });
});
