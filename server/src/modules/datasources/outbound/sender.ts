import type { ProviderSettings } from '../datasources.settings';

/** One outgoing message as a provider needs it. */
export type Outgoing = {
  messageId: number;
  /** The contact's address: E.164 phone, e-mail address. */
  to: string;
  contactType: string;
  message: string;
  title: string | null;
};

/**
 * What became of a send. `retry`: the provider said no for now (5xx, throttled) or could not be
 * reached, so nothing went out; `uncertain`: the request may have been taken (a timeout after it
 * was sent), so sending again could deliver twice.
 */
export type SendResult =
  | { outcome: 'sent'; providerMessageId: string | null }
  | { outcome: 'failed'; error: string }
  | { outcome: 'retry'; error: string }
  | { outcome: 'uncertain'; error: string };

export type PushSender = {
  kind: 'push';
  /** Whether the provider drops a repeated request carrying the same key, so a resend after a crash is safe. */
  idempotent: boolean;
  send: (message: Outgoing, settings: ProviderSettings) => Promise<SendResult>;
};

/** The provider collects messages itself (the SMSSync phone polls `task=send`). */
export type PollSender = { kind: 'poll' };

export type Sender = PushSender | PollSender;

/** HTTP settings shared by the gateway clients. */
export type HttpOptions = { timeoutMs: number };

/** Network failures that happen before a request is sent: trying again cannot deliver twice. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** A fetch that failed outright, as a send result. */
export function networkFailure(error: unknown, provider: string): SendResult {
  const err = error as { name?: string; message?: string; cause?: { code?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return { outcome: 'uncertain', error: `${provider} did not answer in time; the message may have been sent` };
  const code = err.cause?.code;
  if (code && NOT_SENT.has(code)) return { outcome: 'retry', error: `${provider} could not be reached (${code})` };
  return { outcome: 'uncertain', error: `${provider} connection failed${code ? ` (${code})` : ''}; the message may have been sent` };
}

/** An HTTP error answer as a send result: 429 and 5xx are worth another try, other 4xx are final. */
export const httpFailure = (status: number, detail: string, provider: string): SendResult =>
  status === 429 || status >= 500
    ? { outcome: 'retry', error: `${provider} answered ${status}: ${detail}` }
    : { outcome: 'failed', error: `${provider} answered ${status}: ${detail}` };

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
