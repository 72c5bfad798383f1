import { textOption } from '../datasources.settings';
import { httpFailure, joinUrl, networkFailure, type HttpOptions, type PushSender } from './sender';

type VonageAnswer = { 'message-count'?: string; messages?: Array<{ status?: string; 'message-id'?: string; 'error-text'?: string }> };

/** Vonage SMS API statuses worth another try: throttled, and internal errors on their side. */
const TRANSIENT = new Set(['1', '5']);
const GSM = /^[\n\r -~£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà€^{}\\[\]~|]*$/;

/**
 * Vonage's SMS API: `POST /sms/json`, form-encoded `api_key`, `api_secret`, `from`, `to` (digits,
 * international, no +) and `text` (`type=unicode` beyond GSM); 200 with one entry per part, where
 * status "0" is accepted. `client-ref` carries our message id to delivery receipts; Vonage does
 * not use it to drop repeats.
 */
export function nexmoSender(apiUrl: string, http: HttpOptions): PushSender {
  return {
    kind: 'push',
    idempotent: false,
    send: async (message, settings) => {
      const key = textOption(settings.values, 'api_key');
      const secret = textOption(settings.values, 'api_secret');
      const from = textOption(settings.values, 'from');
      if (!key || !secret || !from)
        return { outcome: 'failed', error: 'Nexmo is not configured: API key, API secret and sender are needed' };
      const body = new URLSearchParams({
        api_key: key,
        api_secret: secret,
        from: from.replace(/^\+/, ''),
        to: message.to.replace(/^\+/, ''),
        text: message.message,
        'client-ref': String(message.messageId),
      });
      if (!GSM.test(message.message)) body.set('type', 'unicode');
      let res: Response;
      try {
        res = await fetch(joinUrl(apiUrl, 'sms/json'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(http.timeoutMs),
        });
      } catch (error) {
        return networkFailure(error, 'Nexmo');
      }
      const answer = (await res.json().catch(() => ({}))) as VonageAnswer;
      if (!res.ok) return httpFailure(res.status, res.statusText, 'Nexmo');
      const parts = answer.messages ?? [];
      const refused = parts.find((part) => part.status !== '0');
      if (parts.length === 0) return { outcome: 'retry', error: 'Nexmo answered without a message status' };
      if (!refused) return { outcome: 'sent', providerMessageId: parts[0]!['message-id'] ?? null };
      const error = `Nexmo status ${refused.status}: ${refused['error-text'] ?? 'refused'}`;
      return TRANSIENT.has(refused.status ?? '') ? { outcome: 'retry', error } : { outcome: 'failed', error };
    },
  };
}
