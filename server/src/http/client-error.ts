import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

type ParserError = Error & { code?: string };

/**
 * Requests Node's HTTP parser refuses never reach Express: a method it does not know (`FOO`), a
 * request line or header block over its 16 KB limit, broken framing. Node answers those with a
 * bare status line and no body; this gives them the error envelope every other refusal has
 * (API-CONTRACT 2.1), with the statuses Node itself would use.
 */
export function answerUnparsableRequest(error: ParserError, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // A reset connection cannot be answered, nor one whose current response has already begun.
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request could not be read as HTTP'];
  const body = JSON.stringify({ errors: [{ status, title: STATUS_CODES[status], message }] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
