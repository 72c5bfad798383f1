import type { ErrorRequestHandler } from 'express';
import { NoResultError } from 'kysely';
import multer from 'multer';
import { z } from 'zod';
import { ApiError, OAuthError, ValidationError, zodToFields } from './errors';

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

/**
 * The single place an error becomes a response: the `errors` envelope (or the OAuth shape) with
 * the right status, never a stack trace (STYLE 4). Unknown errors are logged with the request id.
 */
export const errorMiddleware: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);

  if (error instanceof OAuthError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.status(error.status).json({
      error: error.error,
      error_description: error.description,
      message: error.description,
      ...(error.hint ? { hint: error.hint } : {}),
    });
    return;
  }

  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof z.ZodError) apiError = new ValidationError('request', zodToFields(error));
  else if (error instanceof multer.MulterError) {
    apiError =
      error.code === 'LIMIT_FILE_SIZE'
        ? new ValidationError('media', [{ pointer: '/o_size', message: 'The file size should be less than 1 MB' }])
        : new ValidationError('request', [{ pointer: `/${error.field ?? 'file'}`, message: error.message }]);
  } else if (isBodyParserError(error)) apiError = fromBodyParser(error);
  else if (isClientError(error)) {
    // A 404 here is a file the static server did not find.
    apiError = new ApiError(error.status, error.status === 404 ? 'That URL does not exist' : 'The request could not be read');
  } else if (isUnstorableText(error)) apiError = new ApiError(400, 'The request contains text that cannot be stored (a NUL character)');
  else if (error instanceof NoResultError) {
    // A write's `...OrThrow` found no row: another request deleted what this one had just read.
    req.log?.warn({ err: error }, 'row gone before the write');
    apiError = new ApiError(404, 'Could not find that entity: it was deleted meanwhile');
  } else if (isLoneSurrogate(error))
    apiError = new ApiError(400, 'The request contains text that cannot be stored (half of a surrogate pair, as a \\u escape)');
  else {
    req.log?.error({ err: error }, 'unhandled error');
    apiError = new ApiError(500, 'Something went wrong on our side. The error was logged with request id ' + String(req.id ?? ''));
  }

  for (const [name, value] of Object.entries(apiError.options.headers ?? {})) res.setHeader(name, value);
  // Said outright: a static file's handler may have labelled the response with the file's type before it failed (a 416).
  res.type('json');
  res.status(apiError.status).json({ errors: apiError.toEntries() });
};

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    error instanceof Error && typeof (error as BodyParserError).type === 'string' && typeof (error as BodyParserError).status === 'number'
  );
}

/** http-errors style refusals raised before our handlers, e.g. a path parameter with broken percent-encoding. */
function isClientError(error: unknown): error is Error & { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Postgres refuses a NUL character in text (22021) and in jsonb (22P05). Only a caller can put
 * one there, so it is their error, whichever field or query parameter carried it.
 */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * JSON may escape half of a UTF-16 surrogate pair (`"\ud800"`); jsonb refuses it (22P02, "Unicode
 * low surrogate must follow a high surrogate"). Only a caller can send one, in a value or a key.
 */
function isLoneSurrogate(error: unknown): boolean {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  return code === '22P02' && typeof detail === 'string' && /surrogate/i.test(detail);
}

function fromBodyParser(error: BodyParserError): ApiError {
  switch (error.type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'Syntax error, malformed JSON', { title: 'Bad Request' });
    case 'entity.too.large':
      return new ApiError(413, 'The request body is too large', { title: 'Payload Too Large' });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'Unsupported content encoding', { title: 'Unsupported Media Type' });
    default:
      return new ApiError(error.status && error.status < 500 ? error.status : 400, 'The request could not be read');
  }
}
