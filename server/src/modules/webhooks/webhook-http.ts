import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefused, type AddressGuard } from './address-guard';

export type PostResult = { statusCode: number | null; error: string | null; durationMs: number };

/** A receiver's answer body is read only to free the connection; nobody needs more than this of it. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a body to a webhook URL. The name is resolved and checked by the guard, and the socket
 * connects to exactly the address checked (a fixed `lookup`), so a DNS answer that changes between
 * the check and the connection (rebinding) cannot steer the request inside. Redirects are answers
 * like any other: never followed. The whole exchange must finish within `timeoutMs`.
 */
export async function postToWebhook(
  guard: AddressGuard,
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  let pinned: { address: string; family: 4 | 6 };
  try {
    const [first] = await guard.check(target);
    if (!first) throw new AddressRefused(`${target.hostname} could not be resolved`);
    pinned = first;
  } catch (error) {
    if (error instanceof AddressRefused) return { statusCode: null, error: `refused: ${error.message}`, durationMs: elapsed() };
    throw error;
  }

  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body);

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, error, durationMs: elapsed() });
    };
    const request = client.request(
      {
        method: 'POST',
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(payload.length) },
        lookup,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          if (status !== null && status >= 200 && status < 300) finish(status, null);
          else if (status !== null && status >= 300 && status < 400)
            finish(status, `redirect to ${response.headers.location ?? '?'} not followed`);
          else finish(status, `receiver answered ${status}`);
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(null, `timed out after ${timeoutMs} ms`);
    }, timeoutMs);
    request.on('error', (error) => finish(null, error.message));
    request.end(payload);
  });
}
