import type { FuzzRequest } from './requests';

export type FuzzResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** What is wrong with a response, or null. `message` groups failures, so it says the problem, not the instance. */
export type Problem = { problem: string; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{errors: [{status, message, title?, source?: {pointer}}]}`, the first entry carrying the response's status (API-CONTRACT 2.1). */
function envelopeProblem(status: number, parsed: unknown): string | null {
  if (!isRecord(parsed) || !Array.isArray(parsed.errors) || parsed.errors.length === 0) return 'no errors array';
  for (const entry of parsed.errors as unknown[]) {
    if (!isRecord(entry)) return 'an entry is not an object';
    if (typeof entry.status !== 'number') return 'an entry has no numeric status';
    if (typeof entry.message !== 'string' || entry.message.length === 0) return 'an entry has no message';
    if (entry.title !== undefined && typeof entry.title !== 'string') return 'a title is not text';
    if (entry.source !== undefined && !(isRecord(entry.source) && typeof entry.source.pointer === 'string'))
      return 'a source has no pointer';
  }
  if ((parsed.errors[0] as { status: number }).status !== status)
    return `the first entry says ${(parsed.errors[0] as { status: number }).status}`;
  return null;
}

/** `{error, error_description}` of the token endpoint (API-CONTRACT 3). */
function oauthProblem(parsed: unknown): string | null {
  if (!isRecord(parsed) || typeof parsed.error !== 'string' || typeof parsed.error_description !== 'string')
    return 'not the OAuth error shape';
  return null;
}

/**
 * An SMS gateway's refusal in its own format (issue 23's table): SMSSync and FrontlineSMS
 * `{payload: {success: false, error}}`, Vonage `{success: false, error}`, Twilio plain text.
 */
function gatewayProblem(parsed: unknown, body: Buffer): string | null {
  if (parsed === undefined) return body.length > 0 ? null : 'an empty refusal';
  const answer = isRecord(parsed) && isRecord(parsed.payload) ? parsed.payload : parsed;
  if (!isRecord(answer) || answer.success !== false || typeof answer.error !== 'string' || answer.error.length === 0)
    return "not the gateway's refusal shape";
  return null;
}

/** The error's own message, for grouping: numbers and request ids folded so one bug is one group. */
export function errorMessage(body: Buffer): string {
  const text = body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as { errors?: Array<{ message?: string }>; error?: string; error_description?: string };
    const message = parsed.errors?.[0]?.message ?? (parsed.error ? `${parsed.error}: ${parsed.error_description}` : text);
    return fold(String(message));
  } catch {
    return fold(text) || '(empty body)';
  }
}

const fold = (text: string) =>
  text
    .replace(/request id \S+/g, 'request id …')
    .replace(/\d+/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 160);

/**
 * The oracle: no 5xx ever; every 4xx is the contract's error envelope (the OAuth shape for the
 * token endpoint's own refusals, the gateway's own for the SMS gateways); a body that says it is
 * JSON parses. The socket.io handshake speaks engine.io's protocol, so only its status is judged.
 */
export function checkResponse(request: FuzzRequest, response: FuzzResponse): Problem | null {
  const { status } = response;
  if (status >= 500) return { problem: '5xx', message: errorMessage(response.body) };
  const type = String(response.headers['content-type'] ?? '');
  const hasBody = request.method !== 'HEAD' && status !== 204 && status !== 304;
  let parsed: unknown;
  if (hasBody && type.includes('json')) {
    try {
      parsed = JSON.parse(response.body.toString('utf8'));
    } catch {
      return { problem: 'invalid JSON', message: `${status} with a body that is not JSON` };
    }
  }
  if (status < 400 || request.route.kind === 'socket' || !hasBody) return null;
  // A body the parser refuses or a method nobody serves there gets the envelope: either shape is clear.
  if (request.route.kind === 'gateway') {
    const wrong = envelopeProblem(status, parsed) && gatewayProblem(parsed, response.body);
    return wrong ? { problem: 'not the gateway shape', message: `${status} ${wrong}: ${errorMessage(response.body)}` } : null;
  }
  if (!type.includes('json'))
    return { problem: 'not the envelope', message: `${status} answered as ${type || 'no content type'}: ${errorMessage(response.body)}` };
  // The token endpoint's own refusals are OAuth's; elsewhere under /oauth (a 405, an unknown path) either shape is clear.
  const tokenEndpoint = request.route.kind === 'oauth' && request.method === 'POST' && request.route.methods.includes('POST');
  const asEnvelope = envelopeProblem(status, parsed);
  const wrong = tokenEndpoint ? oauthProblem(parsed) : request.route.kind === 'oauth' && oauthProblem(parsed) === null ? null : asEnvelope;
  if (wrong) return { problem: 'not the envelope', message: `${status} ${wrong}: ${errorMessage(response.body)}` };
  return null;
}
