import { ErrorEnvelopeSchema, OAuthErrorSchema, type ErrorEntry } from '@platform/shared';

export type FieldProblem = { pointer: string; field: string; message: string };

/**
 * A failed API call. `entries` keeps every entry of the error envelope (API-CONTRACT 2.1) or the
 * OAuth error turned into one entry (API-CONTRACT 3); status 0 means the server was not reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly entries: ErrorEntry[];
  readonly oauthError: string | undefined;

  constructor(status: number, entries: ErrorEntry[], options: { oauthError?: string; cause?: unknown } = {}) {
    super(entries[0]?.message ?? `Request failed (${status})`, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.entries = entries;
    this.oauthError = options.oauthError;
  }

  /** Every message, in order: what the legacy client lists in its warning (spec 1 section 8). */
  get messages(): string[] {
    return this.entries.map((e) => e.message);
  }

  get titles(): string[] {
    return this.entries.flatMap((e) => (e.title ? [e.title] : []));
  }

  /** Field entries: `{pointer: "/email"} -> field "email"`; nested pointers keep their path. */
  get fieldProblems(): FieldProblem[] {
    return this.entries.flatMap((e) => {
      const pointer = e.source?.pointer;
      if (!pointer) return [];
      const field = pointer.replace(/^\//, '').split('/').join('.');
      return [{ pointer, field, message: e.title ?? e.message }];
    });
  }

  hasTitle(title: string): boolean {
    return this.entries.some((e) => e.title === title || e.message === title);
  }
}

/**
 * What the client says itself when the server gave no message: it was not reached, answered
 * something the shared schemas reject, or failed without an error body (a proxy's 502 page).
 */
export type ClientFailure = { kind: 'unreachable' } | { kind: 'unexpected' } | { kind: 'status'; status: number };

/**
 * `api_failure` of locales/en.json, written out here: the client may need them before any strings
 * are loaded, and the map's first paint should not carry the whole English file for three of them
 * (errors.test.ts keeps the two the same).
 */
export const ENGLISH_FAILURES: Record<ClientFailure['kind'], string> = {
  unreachable: 'The server could not be reached. Check your connection and try again.',
  unexpected:
    "The server sent an answer this page does not understand. Reload the page; if it happens again, tell the deployment's administrator.",
  status: 'The server could not complete the request (error {{status}}). Try again in a moment.',
};

/** The client's own wording in English, until the interface gives it its language (app/services). */
export function englishFailure(failure: ClientFailure): string {
  const text = ENGLISH_FAILURES[failure.kind];
  return failure.kind === 'status' ? text.replace('{{status}}', String(failure.status)) : text;
}

/** Builds an ApiError from any error body the server may send. */
export function apiErrorFromBody(status: number, body: unknown, describe = englishFailure): ApiError {
  const envelope = ErrorEnvelopeSchema.safeParse(body);
  if (envelope.success && envelope.data.errors.length > 0) return new ApiError(status, envelope.data.errors);
  const oauth = OAuthErrorSchema.safeParse(body);
  if (oauth.success) {
    return new ApiError(status, [{ status, title: oauth.data.error, message: oauth.data.message || oauth.data.error_description }], {
      oauthError: oauth.data.error,
    });
  }
  // The one shape outside the envelope: malformed JSON on /posts (API-CONTRACT 2.2).
  if (body && typeof body === 'object' && 'messages' in body && typeof (body as { messages: unknown }).messages === 'string') {
    return new ApiError(status, [{ status, message: (body as { messages: string }).messages }]);
  }
  return new ApiError(status, [{ status, message: describe({ kind: 'status', status }) }]);
}

/** The server was not reached; the browser's own words ("Failed to fetch") stay in `cause`. */
export function networkError(cause: unknown, describe = englishFailure): ApiError {
  return new ApiError(0, [{ status: 0, message: describe({ kind: 'unreachable' }) }], { cause });
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
