import { textOption } from '../datasources.settings';
import { httpFailure, joinUrl, networkFailure, type HttpOptions, type PushSender } from './sender';

/**
 * Twilio's Messages resource: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `From`, `Body`, HTTP basic auth with the account SID and auth token; 201 with the
 * message's `sid`. WhatsApp contacts are addressed `whatsapp:+…` on both ends. Twilio takes no
 * idempotency key on this resource.
 */
export function twilioSender(apiUrl: string, http: HttpOptions): PushSender {
  return {
    kind: 'push',
    idempotent: false,
    send: async (message, settings) => {
      const sid = textOption(settings.values, 'account_sid');
      const token = textOption(settings.values, 'auth_token');
      const from = textOption(settings.values, 'from');
      if (!sid || !token || !from)
        return { outcome: 'failed', error: 'Twilio is not configured: account SID, auth token and number are needed' };
      const whatsapp = message.contactType === 'whatsapp';
      const body = new URLSearchParams({
        To: whatsapp ? `whatsapp:${message.to}` : message.to,
        From: whatsapp ? `whatsapp:${from}` : from,
        Body: message.message,
      });
      let res: Response;
      try {
        res = await fetch(joinUrl(apiUrl, `2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`), {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(http.timeoutMs),
        });
      } catch (error) {
        return networkFailure(error, 'Twilio');
      }
      const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (res.ok && answer.sid) return { outcome: 'sent', providerMessageId: answer.sid };
      return httpFailure(res.status, answer.message ?? (res.ok ? 'no message sid in the answer' : res.statusText), 'Twilio');
    },
  };
}
