import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * The one page other sites may frame: the embeddable map (spec 2 section 2). Everything else (the
 * settings, login and post editor pages of the single-page app, the API) may only be framed by
 * the app itself, so no other site can overlay its buttons (clickjacking). React Router matches
 * paths case-insensitively, so this does too.
 */
const EMBEDDABLE_PATH = /^\/map\/noui\/?$/i;

export function isEmbeddable(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return EMBEDDABLE_PATH.test(query === -1 ? url : url.slice(0, query));
}

/** The CSP `frame-ancestors` of a response, decided per request path. */
export const frameAncestors = (req: IncomingMessage): string => (isEmbeddable(req) ? '*' : "'self'");

/** `X-Frame-Options` for browsers that predate `frame-ancestors`; the embeddable map sends none. */
export const frameOptions: RequestHandler = (req, res, next) => {
  if (!isEmbeddable(req)) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  next();
};
