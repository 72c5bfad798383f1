import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createApiClient } from '../api/client';
import { useConfigState } from '../providers/config-context';
import { routes } from '../app/routes';
import { createAppServices } from '../app/services';
import { SESSION_KEY, type Session } from '../session/session-storage';
import { initI18n } from '../i18n/i18n';
import { AppProviders } from '../providers/AppProviders';
import type { AppServices } from '../providers/services-context';
import { createRealtimeClient, type SocketLike } from '../realtime/realtime-client';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
export type FakeAnswer = { status?: number; body?: unknown };
export type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * The HTTP boundary for component tests: requests are answered by per-route handlers
 * (`'GET /users/me'`), every request is recorded, and an unexpected one fails loudly.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const path = url.pathname.replace(/^\/api\/v3/, '');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const key = Object.keys(handlers).find((k) => {
      const [method, pattern] = k.split(' ') as [string, string];
      return method === request.method && new RegExp(`^${pattern}$`).test(path);
    });
    if (!key) throw new Error(`unexpected request ${request.method} ${path}`);
    const answer = await (handlers[key] as Handler)(request);
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, handlers };
}

/** A list answer's envelope (API-CONTRACT 14.1) around `results`, for handlers of list endpoints. */
export const listAnswer = (results: unknown[] = []) => ({
  count: results.length,
  results,
  limit: null,
  offset: 0,
  order: 'asc',
  orderby: 'id',
  curr: '',
  next: '',
  prev: '',
  total_count: results.length,
});

export function configList(site: Record<string, unknown> = {}, features: Record<string, unknown> = {}) {
  return {
    count: 3,
    results: [
      {
        id: 'site',
        name: 'Test site',
        description: 'About the test site',
        first_login: false,
        private: false,
        tier: 'free',
        allowed_privileges: ['read'],
        ...site,
      },
      {
        id: 'features',
        views: { map: true, data: true, activity: true },
        limits: { posts: true },
        allowed_privileges: ['read'],
        ...features,
      },
      { id: 'map', clustering: true, allowed_privileges: ['read'] },
    ],
  };
}

export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => Array.from(data.keys())[index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** A socket that never connects: component tests do not need pushes. */
const idleSocket = (): SocketLike => ({
  auth: {},
  connected: false,
  active: false,
  on: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
  io: { on: () => undefined },
});

export const memberSession = (over: Partial<Session> = {}): Session => ({
  userId: 7,
  realname: 'Ada Lovelace',
  email: 'ada@example.org',
  accessToken: 'member-token',
  accessTokenExpires: Date.now() + 3_600_000,
  grantType: 'password',
  role: 'user',
  permissions: [],
  gravatar: null,
  language: null,
  ...over,
});

function WhenConfigured({ children }: { children: ReactNode }) {
  const { config } = useConfigState();
  return config ? <>{children}</> : null;
}

type AppOptions = { handlers?: Record<string, Handler>; session?: Session | null; site?: Record<string, unknown>; route?: string };

async function buildServices(options: AppOptions, location: () => string) {
  await initI18n();
  const server = fakeServer({ 'GET /config': () => ({ body: configList(options.site) }), ...options.handlers });
  const storage = memoryStorage(options.session ? { [SESSION_KEY]: JSON.stringify(options.session) } : {});
  const navigate = vi.fn();
  const services = createAppServices({
    api: createApiClient({ fetch: server.fetch }),
    storage,
    realtime: createRealtimeClient({ connect: idleSocket }),
    navigate,
    location,
  });
  return { server, services, navigate };
}

/** The whole route table in memory at `path`, as the app renders it. */
export async function renderRoutes(path: string, options: Omit<AppOptions, 'route'> = {}) {
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const built = await buildServices(options, () => router?.state.location.pathname ?? path);
  router = createMemoryRouter(routes, { initialEntries: [path] });
  built.navigate.mockImplementation((to: string) => void router?.navigate(to));
  render(
    <AppProviders services={built.services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...built, router, user: userEvent.setup() };
}

/** Renders `ui` inside the app's providers, over a fake server; resolves once the config is loaded. */
export async function renderWithApp(
  ui: ReactNode,
  options: AppOptions = {},
): Promise<{
  services: AppServices;
  server: ReturnType<typeof fakeServer>;
  user: ReturnType<typeof userEvent.setup>;
  navigate: ReturnType<typeof vi.fn>;
}> {
  const { server, services, navigate } = await buildServices(options, () => options.route ?? '/views/map');
  render(
    <AppProviders services={services}>
      <MemoryRouter initialEntries={[options.route ?? '/views/map']}>
        <WhenConfigured>{ui}</WhenConfigured>
      </MemoryRouter>
    </AppProviders>,
  );
  return { services, server, user: userEvent.setup(), navigate };
}
