import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { EVENT_POSITION_HEADER, TOTAL_COUNT_KIND_HEADER } from '@platform/shared';
import type { AppConfig } from '../config';
import { ApiError } from './errors';

const CORS_OPTIONS: cors.CorsOptions = {
  origin: true,
  credentials: true,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'X-Requested-With'],
  // Cross-origin clients may read how exact a list's total_count is (posts list).
  exposedHeaders: ['Content-Language', 'WWW-Authenticate', 'X-Request-Id', TOTAL_COUNT_KIND_HEADER, EVENT_POSITION_HEADER],
  maxAge: 3600,
};
const preflight = cors(CORS_OPTIONS);
const simple = cors({ ...CORS_OPTIONS, preflightContinue: true });

/**
 * Every origin is allowed (API-CONTRACT 1). A real preflight gets 204 here; a plain OPTIONS
 * (no Access-Control-Request-Method) continues to the route, which answers `allowed_privileges`.
 */
export const corsMiddleware: RequestHandler = (req, res, next) => {
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) return preflight(req, res, next);
  return simple(req, res, next);
};

/** `/x/` is `/x` (clients call `/posts/1/lock/`, `/tos/`, `/country-codes/`). */
export const trailingSlash: RequestHandler = (req, _res, next) => {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) {
    req.url = path.replace(/\/+$/, '') + (q === -1 ? '' : req.url.slice(q));
  }
  next();
};

/**
 * A path whose percent-encoding is broken (`/assets/%E0%A4%A`) names nothing: refused here with the
 * envelope, before the static file handlers, one of which answers it with a bare text message.
 */
export const malformedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    throw new ApiError(400, 'The address has broken percent-encoding', { title: 'Bad Request' });
  }
  next();
};

export function baseUrl(config: AppConfig): RequestHandler {
  return (req, _res, next) => {
    req.base = config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    next();
  };
}

/** Tells each answer how far this node's event stream had gone (EVENT_POSITION_HEADER). */
export const eventPosition =
  (position: () => { id: number }): RequestHandler =>
  (_req, res, next) => {
    const { id } = position();
    if (id > 0) res.setHeader(EVENT_POSITION_HEADER, String(id));
    next();
  };

/** Cache and language headers of API-CONTRACT 1. */
export const apiHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('Content-Language', 'en-US');
  if (req.method === 'GET' || req.method === 'HEAD') res.setHeader('Cache-Control', 'private, no-cache');
  else res.setHeader('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate');
  next();
};

const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** `?format=jsonp&callback=fn` wraps any GET in JSONP (API-CONTRACT 1). */
export const jsonp: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const callback = typeof req.query.callback === 'string' ? req.query.callback : undefined;
  if (req.method !== 'GET' || req.query.format !== 'jsonp' || !callback || !CALLBACK.test(callback)) return next();
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode >= 300) return json(body);
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return res.send(`/**/${callback}(${JSON.stringify(body)});`);
  };
  next();
};
