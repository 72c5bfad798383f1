import type { ErrorEntry } from '@platform/shared';
import { z } from 'zod';
import type { Auth } from '../auth/auth';

export type FieldError = { pointer: string; message: string };

/** Any error the API answers on purpose; the error middleware renders it as the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { pointer?: string; title?: string; entries?: ErrorEntry[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  toEntries(): ErrorEntry[] {
    const entry: ErrorEntry = { status: this.status, message: this.message };
    if (this.options.title) entry.title = this.options.title;
    if (this.options.pointer) entry.source = { pointer: this.options.pointer };
    return [entry, ...(this.options.entries ?? [])];
  }
}

/** 422 with the summary entry first and one entry per failing field (API-CONTRACT 2.1). */
export class ValidationError extends ApiError {
  constructor(
    resource: string,
    readonly fields: FieldError[],
  ) {
    const first = new Map<string, string>();
    for (const f of fields) if (!first.has(f.pointer)) first.set(f.pointer, f.message);
    const messages = [...first.values()];
    super(422, `Failed to validate ${resource} entity:\n${messages.join('\n')}`, {
      entries: [...first].map(([pointer, message]) => ({ status: 422, title: message, message, source: { pointer } })),
    });
  }
}

/** The OAuth error shape of the token endpoint (API-CONTRACT 3). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly hint?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const notFound = (resource = 'entity', id?: string | number): never => {
  throw new ApiError(404, id === undefined ? `Could not find ${resource}` : `Could not find ${resource} with id ${id}`);
};

export const unauthorized = (): never => {
  throw new ApiError(401, 'Unauthorized.', { headers: { 'WWW-Authenticate': 'Bearer realm="OAuth"' } });
};

/**
 * An authorizer refusal: 401 when the request carried no Authorization header, 403 when it did,
 * even with an anonymous client token (API-CONTRACT 2.2).
 */
export const deny = (auth: Auth, message = "Sorry, you're not allowed to do that."): never => {
  if (!auth.hasToken) return unauthorized();
  throw new ApiError(403, message);
};

export const invalid = (resource: string, pointer: string, message: string): never => {
  throw new ValidationError(resource, [{ pointer, message }]);
};

export const badRequest = (message: string): never => {
  throw new ApiError(400, message);
};

/** Zod issues to field errors: the pointer is the entity field, `/values` style (API-CONTRACT 2.1). */
export function zodToFields(error: z.ZodError, pointerDepth = 1): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.slice(0, Math.max(pointerDepth, 1)).map(String);
    return { pointer: `/${path.join('/')}`, message: issue.message };
  });
}

/** Parses a request body with a shared schema; failures become a 422 envelope for `resource`. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, resource: string): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ValidationError(resource, zodToFields(result.error));
  return result.data;
}
