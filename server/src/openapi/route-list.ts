import type { Express } from 'express';

export type RouteEntry = { method: string; path: string };

type Layer = {
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | RegExp;
};

/** Express's `/posts/:id` and `/media/files/*key` as OpenAPI's `/posts/{id}` and `/media/files/{key}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

/**
 * Every method and path the app routes, read from Express's own router stack (the routes the
 * OpenAPI document must describe). Paths that are patterns rather than text (the single-page app's
 * fallback) are left out; `all()` handlers (405 answers) are not operations.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all' && layer.route!.methods[m]);
        // A route for every method (the installer verifier) is described by its GET.
        if (methods.length === 0 && layer.route.methods._all) methods.push('get');
        for (const method of methods) out.push({ method, path: openApiPath(prefix + layer.route.path) });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}
