import { MAX_DB_ID } from '@platform/shared';
import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from './errors';

function allowedMethods(req: Request): string[] {
  const methods = (req.route as { methods?: Record<string, boolean> } | undefined)?.methods ?? {};
  const list = Object.keys(methods)
    .filter((m) => m !== '_all')
    .map((m) => m.toUpperCase());
  if (list.includes('GET')) list.push('HEAD');
  return [...new Set([...list, 'OPTIONS'])];
}

/**
 * Ends every `router.route(path)` chain: methods the route does not serve get 405 (API-CONTRACT
 * 2.2); a plain OPTIONS gets 204 with `Allow`.
 */
export const methodNotAllowed: RequestHandler = (req: Request, res: Response) => {
  const allow = allowedMethods(req).join(', ');
  res.setHeader('Allow', allow);
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  throw new ApiError(405, `Method ${req.method} is not allowed here`);
};

/**
 * For static files (the built client's assets): reads pass on, other methods get the 405 envelope
 * that `methodNotAllowed` gives routes, instead of the static server's empty 405.
 */
export const readOnlyFiles: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res.setHeader('Allow', 'GET, HEAD, OPTIONS');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  throw new ApiError(405, `Method ${req.method} is not allowed here`);
};

export const unknownRoute: RequestHandler = () => {
  throw new ApiError(404, 'That URL does not exist');
};

/** Numeric ids only: `/posts/abc` is not routed, so it is a 404 (API-CONTRACT 8.1). */
export function idParam(req: Request, name = 'id'): number {
  const value = req.params[name];
  const raw = Array.isArray(value) ? value[0] : value;
  const id = Number(raw);
  // Ids are `serial` (32-bit): a larger number would make Postgres fail, so it is simply unknown.
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id > MAX_DB_ID) throw new ApiError(404, 'That URL does not exist');
  return id;
}
