import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderRequest = {
  provider: 'twilio' | 'vonage' | 'frontlinesms';
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form fields (Twilio, Vonage) or the JSON body (FrontlineSMS). */
  body: Record<string, any>;
};

/** A scripted answer: a status with a body, or no answer at all (the sender's timeout). */
export type ProviderAnswer = { status: number; body: unknown } | 'hang';

const twilioPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/**
 * Twilio, Vonage and FrontlineSMS as one local HTTP server that checks each request as the
 * provider documents it (path, method, content type, authentication, required fields) and
 * answers like the provider: a refused request gets the provider's own error answer.
 */
export async function startSmsProviders(
  credentials: {
    twilio: { sid: string; token: string };
    vonage: { key: string; secret: string };
    frontlineKey: string;
  },
  /** A port chosen beforehand (the e2e server is told where Twilio is before the spec starts it). */
  listenPort = 0,
) {
  const requests: ProviderRequest[] = [];
  const scripts: Record<ProviderRequest['provider'], ProviderAnswer[]> = { twilio: [], vonage: [], frontlinesms: [] };
  const events = new EventEmitter();
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const type = req.headers['content-type'] ?? '';
      const form = () => Object.fromEntries(new URLSearchParams(raw));
      let provider: ProviderRequest['provider'];
      let body: Record<string, any>;
      const twilio = twilioPath.exec(path);
      if (twilio && req.method === 'POST') {
        provider = 'twilio';
        const expected = `Basic ${Buffer.from(`${credentials.twilio.sid}:${credentials.twilio.token}`).toString('base64')}`;
        if (twilio[1] !== credentials.twilio.sid || req.headers.authorization !== expected)
          return send(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        if (!type.startsWith('application/x-www-form-urlencoded'))
          return send(res, 415, { code: 20415, message: 'Unsupported media type', status: 415 });
        body = form();
        if (!body.To || !body.From || !body.Body)
          return send(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      } else if (path === '/sms/json' && req.method === 'POST') {
        provider = 'vonage';
        body = type.startsWith('application/json') ? (JSON.parse(raw) as Record<string, any>) : form();
        if (body.api_key !== credentials.vonage.key || body.api_secret !== credentials.vonage.secret)
          return send(res, 200, { 'message-count': '1', messages: [{ status: '4', 'error-text': 'Bad Credentials' }] });
        if (!body.from || !body.to || !body.text)
          return send(res, 200, { 'message-count': '1', messages: [{ status: '2', 'error-text': 'Missing to param' }] });
      } else if (path === '/api/1/webhook' && req.method === 'POST') {
        provider = 'frontlinesms';
        if (!type.startsWith('application/json')) return send(res, 400, { error: 'JSON expected' });
        body = JSON.parse(raw) as Record<string, any>;
        if (body.apiKey !== credentials.frontlineKey) return send(res, 403, { error: 'Invalid API key' });
      } else {
        return send(res, 404, { error: `no such resource ${req.method} ${path}` });
      }
      requests.push({ provider, method: req.method ?? '', path, headers: req.headers, body });
      events.emit('request');
      const answer = scripts[provider].shift();
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (answer) return send(res, answer.status, answer.body);
      const id = `${provider}-${++counter}`;
      if (provider === 'twilio') return send(res, 201, { sid: `SM${id}`, status: 'queued', to: body.To, from: body.From, body: body.Body });
      if (provider === 'vonage')
        return send(res, 200, {
          'message-count': '1',
          messages: [
            { to: body.to, 'message-id': id, status: '0', 'remaining-balance': '3.14', 'message-price': '0.03', network: '12345' },
          ],
        });
      return send(res, 200, { id });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (provider: ProviderRequest['provider'], answers: ProviderAnswer[]) => scripts[provider].push(...answers),
    of: (provider: ProviderRequest['provider']) => requests.filter((r) => r.provider === provider),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
