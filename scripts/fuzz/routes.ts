import type { Express } from 'express';

/** One routed path and the methods its handlers serve (`*` for `router.all`). */
export type RouteTarget = {
  path: string;
  methods: string[];
  kind: 'api' | 'oauth' | 'root' | 'socket' | 'gateway';
  /** In Express's route table (false: served by middleware, or by nothing). */
  routed: boolean;
};

type Listed = { path: string | RegExp; methods?: string[]; router?: { listRoutes(): Listed[] } };

function join(base: string, path: string): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

function kindOf(path: string): RouteTarget['kind'] {
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/oauth')) return 'oauth';
  if (path.startsWith('/socket.io')) return 'socket';
  // SMS gateways call these on the backend root and read answers in their own format (issue 23).
  if (path.startsWith('/sms/') || ['/smssync', '/frontlinesms', '/nexmo'].includes(path)) return 'gateway';
  return 'root';
}

/**
 * Every route of the running app, read off Express's router stack (so a route added tomorrow is
 * fuzzed tomorrow without anyone remembering to list it), plus what the stack cannot list: the
 * middleware-served paths (the client's static files and pages, the socket.io handshake, which
 * answers before Express) and addresses that exist in neighbouring API versions or nowhere.
 */
export function listRoutes(app: Express): RouteTarget[] {
  const routes = new Map<string, Set<string>>();
  const walk = (router: { listRoutes(): Listed[] }, base: string) => {
    for (const entry of router.listRoutes()) {
      // A regular expression route is the client's catch-all page: covered by the static paths below.
      if (typeof entry.path !== 'string') continue;
      const path = join(base, entry.path);
      if (entry.router) walk(entry.router, path);
      else {
        const methods = routes.get(path) ?? new Set<string>();
        for (const method of entry.methods ?? []) methods.add(method.toUpperCase());
        routes.set(path, methods);
      }
    }
  };
  walk(app.router as unknown as { listRoutes(): Listed[] }, '/');
  const routed = new Set(routes.keys());
  for (const path of MIDDLEWARE_PATHS) if (!routes.has(path)) routes.set(path, new Set(['GET', 'HEAD']));
  return [...routes].map(([path, methods]) => ({ path, methods: [...methods], kind: kindOf(path), routed: routed.has(path) }));
}

/** Paths served by middleware (not in the route table) and paths that should not exist. */
const MIDDLEWARE_PATHS = [
  '/',
  '/index.html',
  '/views/map',
  '/views/data',
  '/map/noui',
  '/settings/general',
  '/post/1/edit',
  '/assets/:asset',
  '/favicon.ico',
  '/socket.io',
  '/api',
  '/api/v2/posts',
  '/api/v5/posts',
  '/api/v3/csv',
  '/api/v3/exports/jobs',
  '/api/v3/webhooks',
  '/api/v3/dataproviders',
  '/api/v3/layers',
  '/api/v3/forms/:formId/contacts',
  '/api/v3/posts/:id/translations',
  '/oauth',
  '/oauth/authorize',
  '/oauth/revoke',
  '/media',
  '/nonexistent/path',
];
