import type { Mailer } from '../../../mail/mailer';
import type { PushSender } from './sender';

/**
 * E-mail replies through the deployment's mail transport (SMTP_URL). A refused or unreachable
 * server is retried: SMTP accepts a message only at the end of its DATA, so an error before that
 * means nothing went out.
 */
export function emailSender(mailer: Mailer, subjectFallback: () => Promise<string>): PushSender {
  return {
    kind: 'push',
    idempotent: false,
    send: async (message) => {
      try {
        await mailer.send({ to: message.to, subject: message.title || (await subjectFallback()), text: message.message });
        return { outcome: 'sent', providerMessageId: null };
      } catch (error) {
        const err = error as { responseCode?: number; message?: string };
        const detail = err.message ?? 'mail could not be sent';
        if (typeof err.responseCode === 'number' && err.responseCode >= 500 && err.responseCode < 600)
          return { outcome: 'failed', error: `SMTP ${err.responseCode}: ${detail}` };
        return { outcome: 'retry', error: detail };
      }
    },
  };
}
