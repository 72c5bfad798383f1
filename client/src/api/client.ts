import { EVENT_POSITION_HEADER } from '@platform/shared';
import type { z } from 'zod';
import { isAuthStatus, isExemptFromAuthHandling } from './auth-rules';
import { ApiError, apiErrorFromBody, englishFailure, networkError, type ClientFailure } from './errors';
import { toSearch, type Query } from './query';

export const API_PREFIX = '/api/v3';
/** Client cache max age (spec 1 section 9). */
export const CACHE_MAX_AGE_MS = 900_000;

/** A refused request: its status, its path and the token it was sent with. */
export type AuthFailure = { status: number; path: string; token: string | null };
/** What the session decided: retry once with the token it now holds, or give up. */
export type AuthDecision = 'retry' | 'fail';
export type AuthFailureHandler = (failure: AuthFailure) => Promise<AuthDecision>;

export type RequestOptions = {
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (media uploads). */
  form?: FormData;
  /** An explicit bearer (or none with null): used during login; skips the session's handling. */
  token?: string | null;
  /** The caller handles a 403 itself instead of the forbidden page (legacy `ignore403`). */
  ignore403?: boolean;
  signal?: AbortSignal;
  /** Reads response headers of a successful answer (e.g. `X-Total-Count-Kind`). */
  onHeaders?: (headers: Headers) => void;
};

export type ApiClientDeps = {
  fetch?: typeof fetch;
  baseUrl?: string;
  getToken?: () => string | null;
  getLanguage?: () => string;
  now?: () => number;
  /** Words the client's own failures (no server, no error body, an answer out of contract). */
  describeFailure?: (failure: ClientFailure) => string;
  /** Hears each successful answer's event position (EVENT_POSITION_HEADER). */
  onEventPosition?: (id: number) => void;
};

/** Paths under /oauth and /media/files live at the root; everything else is under /api/v3. */
function resolve(baseUrl: string, path: string, query?: Query): string {
  if (/^https?:\/\//.test(path)) return path + toSearch(query);
  const root = /^\/(oauth|media\/files)\b/.test(path) || path.startsWith(API_PREFIX);
  return `${baseUrl}${root ? '' : API_PREFIX}${path}${toSearch(query)}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one fetch wrapper (DESIGN 7): bearer token, Accept-Language, the error envelope as ApiError,
 * responses checked against the shared zod schemas, and the session's 400/401/403 handling with one
 * retry (API-CONTRACT 2.2).
 */
export function createApiClient(initial: ApiClientDeps = {}) {
  const deps: Required<ApiClientDeps> = {
    fetch: (...args) => globalThis.fetch(...args),
    baseUrl: '',
    getToken: () => null,
    getLanguage: () => 'en-US',
    now: () => Date.now(),
    describeFailure: englishFailure,
    onEventPosition: () => undefined,
    ...initial,
  };
  let authHandler: AuthFailureHandler | null = null;
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();

  async function send(method: string, path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.getLanguage() };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await deps.fetch(resolve(deps.baseUrl, path, options.query), { method, headers, body, signal: options.signal });
    } catch (error) {
      throw networkError(error, deps.describeFailure);
    }
  }

  async function exchange(method: string, path: string, options: RequestOptions): Promise<unknown> {
    const explicit = options.token !== undefined;
    let token = explicit ? (options.token ?? null) : deps.getToken();
    let res = await send(method, path, options, token);
    for (let attempt = 0; !res.ok; attempt++) {
      const body = await readBody(res);
      const handled =
        !explicit &&
        authHandler !== null &&
        isAuthStatus(res.status) &&
        !isExemptFromAuthHandling(path) &&
        !(res.status === 403 && options.ignore403);
      // After one retry only a refusal is still reported (it may open the login dialog).
      if (!handled || !authHandler || (attempt > 0 && res.status !== 403)) throw apiErrorFromBody(res.status, body, deps.describeFailure);
      const decision = await authHandler({ status: res.status, path, token });
      if (decision !== 'retry' || attempt > 0) throw apiErrorFromBody(res.status, body, deps.describeFailure);
      token = deps.getToken();
      res = await send(method, path, options, token);
    }
    if (method !== 'GET') cache.clear();
    options.onHeaders?.(res.headers);
    const position = Number(res.headers.get(EVENT_POSITION_HEADER));
    if (Number.isInteger(position) && position > 0) deps.onEventPosition(position);
    return readBody(res);
  }

  function parse<S extends z.ZodType>(schema: S, value: unknown, path: string): z.output<S> {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    console.error(`Unexpected response from ${path}`, result.error.issues);
    throw new ApiError(0, [{ status: 0, message: deps.describeFailure({ kind: 'unexpected' }) }], { cause: result.error });
  }

  async function request<S extends z.ZodType>(method: string, path: string, schema: S, options: RequestOptions = {}) {
    return parse(schema, await exchange(method, path, options), path);
  }

  return {
    request,
    get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('GET', path, schema, options),
    post: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('POST', path, schema, options),
    put: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('PUT', path, schema, options),
    delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('DELETE', path, schema, options),
    /** For answers without a body worth reading (204 password reset, lock release). */
    async send(method: string, path: string, options: RequestOptions = {}): Promise<void> {
      await exchange(method, path, options);
    },
    /** A GET remembered for CACHE_MAX_AGE_MS; any save, delete, login or logout clears it (spec 1 section 7). */
    cached<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
      const key = resolve('', path, options.query);
      const hit = cache.get(key);
      if (hit && deps.now() - hit.at < CACHE_MAX_AGE_MS) return hit.value as Promise<z.output<S>>;
      const value = request('GET', path, schema, options);
      cache.set(key, { at: deps.now(), value });
      value.catch(() => cache.delete(key));
      return value;
    },
    clearCache: () => cache.clear(),
    setAuthHandler(handler: AuthFailureHandler | null) {
      authHandler = handler;
    },
    configure(next: Partial<ApiClientDeps>) {
      Object.assign(deps, next);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
