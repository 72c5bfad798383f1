import http from 'node:http';

export type TwitterRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };
export type TwitterAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * Twitter's API as a local server: `POST /oauth2/token` (app-only OAuth 2, client credentials with
 * HTTP Basic consumer key and secret) and `GET /2/tweets/search/recent` (Bearer token), answering
 * in the v2 format. Search answers are scripted by the test; every request is kept for checking.
 */
export async function startTwitterApi(options: { consumerKey: string; consumerSecret: string; bearerToken: string }) {
  const requests: TwitterRequest[] = [];
  const searchAnswers: TwitterAnswer[] = [];
  const basic = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
  const send = (res: http.ServerResponse, answer: TwitterAnswer) => {
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        if (req.headers.authorization !== basic || body !== 'grant_type=client_credentials')
          return send(res, {
            status: 403,
            body: { errors: [{ code: 99, message: 'Unable to verify your credentials', label: 'authenticity_token_error' }] },
          });
        return send(res, { status: 200, body: { token_type: 'bearer', access_token: options.bearerToken } });
      }
      if (req.method === 'GET' && url.pathname === '/2/tweets/search/recent') {
        if (req.headers.authorization !== `Bearer ${options.bearerToken}`)
          return send(res, { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } });
        return send(res, searchAnswers.shift() ?? { status: 200, body: { meta: { result_count: 0 } } });
      }
      send(res, { status: 404, body: { title: 'Not Found Error', detail: `no route ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    searches: () => requests.filter((r) => r.path === '/2/tweets/search/recent'),
    /** The next search answers, in order; an empty result after they are used up. */
    answerSearches: (...answers: TwitterAnswer[]) => searchAnswers.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
