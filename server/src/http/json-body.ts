import express, { type RequestHandler } from 'express';
import { ValidationError } from './errors';

/**
 * Deepest nesting of objects and arrays a JSON body may have. No client sends more than a handful
 * of levels (a survey with tasks, fields and options is the deepest); JSON.parse copes with any
 * depth, but the recursive code after it (JSON.stringify when storing, zod, error messages that
 * quote a value) overflows the stack at a few thousand levels, which would be a 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The top-level member of `body` (`/filter`, `/0`) under which objects and arrays nest deeper than
 * `limit` (the body itself is level 1), or null. Walked with an explicit stack, never recursion,
 * and it stops at the first member too deep.
 */
export function tooDeepMember(body: unknown, limit: number): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const stack: Array<{ value: object; depth: number; top: string }> = Object.entries(body).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? [{ value: value as object, depth: 2, top: key }] : [],
  );
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.depth > limit) return `/${item.top}`;
    for (const child of Object.values(item.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child as object, depth: item.depth + 1, top: item.top });
    }
  }
  return null;
}

const depthGuard: RequestHandler = (req, _res, next) => {
  const pointer = tooDeepMember(req.body, MAX_JSON_DEPTH);
  if (pointer !== null) {
    const message = `${pointer.slice(1)} is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays)`;
    throw new ValidationError('request', [{ pointer, message }]);
  }
  next();
};

/**
 * The API's JSON body parser: express.json, then the depth limit above, so no handler sees a body
 * that deep. The bytes stay on the request: a signature is over them, not over a re-serialisation.
 */
export const jsonBody = (limit: string): RequestHandler[] => [
  express.json({
    limit,
    verify: (req, _res, buf) => {
      (req as { rawBody?: Buffer }).rawBody = buf;
    },
  }),
  depthGuard,
];
