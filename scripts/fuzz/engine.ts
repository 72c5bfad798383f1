import http from 'node:http';
import { checkResponse, type FuzzResponse } from './check';
import { buildRequest, type FuzzRequest } from './requests';
import { Rng } from './rng';
import type { RouteTarget } from './routes';
import type { World } from './seed';

export type FuzzOptions = {
  baseUrl: string;
  routes: RouteTarget[];
  world: World;
  seed: number;
  requests: number;
  concurrency: number;
  timeoutMs?: number;
  /** The server's own account of a failed request (its logged error), by request id, when it can be read. */
  serverError?: (requestId: string) => string | undefined;
  onProgress?: (done: number) => void;
};

export type Failure = {
  problem: string;
  method: string;
  route: string;
  status: number;
  message: string;
  count: number;
  /** The first request that showed it, to reproduce. */
  example: FuzzRequest;
  serverError?: string;
};

export type FuzzResult = {
  requests: number;
  elapsedMs: number;
  byStatus: Map<number, number>;
  byIdentity: Map<string, Map<number, number>>;
  /** Per route pattern: requests sent and 2xx answers. */
  coverage: Map<string, { sent: number; ok: number }>;
  failures: Failure[];
};

/** The fuzz sends nothing anywhere but this machine. */
export function assertLoopback(baseUrl: string): URL {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'http:' || !(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)))
    throw new Error(`refusing to fuzz ${baseUrl}: only http on a loopback address (127.0.0.0/8, ::1, localhost) may be fuzzed`);
  return url;
}

const BODY_CAP = 4 * 1024 * 1024;

/** Sends one request with Node's own client: any method token, any path bytes, any body. */
export function send(agent: http.Agent, base: URL, request: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body ? { 'Content-Length': String(request.body.length) } : {}) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= BODY_CAP) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * Sends `requests` generated requests, `concurrency` at a time, and judges every answer. A request
 * that gets no answer at all (the connection reset, a timeout) is a failure too, reported with
 * status 0. Failures are grouped by (problem, method, route, status, message).
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const base = assertLoopback(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result: FuzzResult = { requests: 0, elapsedMs: 0, byStatus: new Map(), byIdentity: new Map(), coverage: new Map(), failures: [] };
  const groups = new Map<string, Failure>();
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const started = performance.now();
  let next = 0;

  const record = (request: FuzzRequest, status: number, problem: string, message: string) => {
    const key = [problem, request.method, request.route.path, status, message].join('\u0000');
    const group = groups.get(key);
    if (group) group.count++;
    else {
      const failure: Failure = { problem, method: request.method, route: request.route.path, status, message, count: 1, example: request };
      failure.serverError = options.serverError?.(`fuzz-${request.index}`);
      groups.set(key, failure);
    }
  };

  const worker = async () => {
    while (next < options.requests) {
      const index = next++;
      const request = buildRequest(Rng.forRequest(options.seed, index), index, options.routes, options.world);
      let status = 0;
      try {
        const response = await send(agent, base, request, timeoutMs);
        status = response.status;
        const problem = checkResponse(request, response);
        if (problem) record(request, status, problem.problem, problem.message);
      } catch (error) {
        record(request, 0, 'no answer', (error as Error).message);
      }
      count(result.byStatus, status);
      const byIdentity = result.byIdentity.get(request.identity) ?? new Map<number, number>();
      result.byIdentity.set(request.identity, count(byIdentity, status));
      const seen = result.coverage.get(request.route.path) ?? { sent: 0, ok: 0 };
      seen.sent++;
      if (status >= 200 && status < 300 && request.method !== 'OPTIONS' && request.method !== 'HEAD') seen.ok++;
      result.coverage.set(request.route.path, seen);
      result.requests++;
      if (result.requests % 1000 === 0) options.onProgress?.(result.requests);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  result.elapsedMs = performance.now() - started;
  result.failures = [...groups.values()].sort((a, b) => b.count - a.count);
  return result;
}
