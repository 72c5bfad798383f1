import type { ZodType } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'options';
/** Who may call: anyone, a bearer token (anonymous client tokens included), or a signed request. */
export type Access = 'public' | 'token' | 'signed';

/**
 * One operation of the API as the OpenAPI document describes it: the zod schemas are the ones
 * the route validates with (shared/src/schemas), so the document cannot drift from them.
 */
export type Operation = {
  method: Method;
  /** Express's path under the app (`/api/v3/tags/:id`). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  query?: ZodType;
  body?: ZodType;
  /** The 200 answer; none for answers without a body (204). */
  response?: ZodType;
  status?: 200 | 204;
  access?: Access;
  /** The body is `multipart/form-data` with a `file` field. */
  upload?: boolean;
};

type CrudOptions = {
  item: ZodType;
  list?: ZodType;
  query?: ZodType;
  create?: ZodType;
  update?: ZodType;
  /** Which of list (l), create (c), read (r), update (u), delete (d) and OPTIONS (o) exist. */
  ops?: string;
  access?: Access;
};

/** The usual operations of a v3 resource at `base` and `base/:id` (API-CONTRACT 1, 14.1). */
export function crud(tag: string, base: string, noun: string, o: CrudOptions): Operation[] {
  const ops = o.ops ?? 'lcrudo';
  const out: Operation[] = [];
  const access = o.access ?? 'token';
  const one = `${base}/:id`;
  if (ops.includes('l')) out.push({ method: 'get', path: base, tag, summary: `List ${noun}s`, query: o.query, response: o.list, access });
  if (ops.includes('c'))
    out.push({ method: 'post', path: base, tag, summary: `Create a ${noun}`, body: o.create, response: o.item, access });
  if (ops.includes('o'))
    out.push({ method: 'options', path: base, tag, summary: `What the caller may do with ${noun}s (allowed_privileges)`, access });
  if (ops.includes('r')) out.push({ method: 'get', path: one, tag, summary: `Get a ${noun}`, response: o.item, access });
  if (ops.includes('u')) out.push({ method: 'put', path: one, tag, summary: `Update a ${noun}`, body: o.update, response: o.item, access });
  if (ops.includes('d')) out.push({ method: 'delete', path: one, tag, summary: `Delete a ${noun}`, response: o.item, access });
  return out;
}
