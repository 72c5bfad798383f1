import type { Mailer } from '../../../mail/mailer';
import { replySubject, type EmailThread } from './email-thread';
import type { PushSender } from './sender';

/**
 * E-mail replies through the deployment's mail transport (SMTP_URL). A refused or unreachable
 * server is retried: SMTP accepts a message only at the end of its DATA, so an error before that
 * means nothing went out. A reply to a reporter who wrote in by e-mail stays in their thread:
 * In-Reply-To and References name their mail, and the subject is "Re: " theirs.
 */
export function emailSender(
  mailer: Mailer,
  subjectFallback: () => Promise<string>,
  threadOf: (messageId: number) => Promise<EmailThread | null> = () => Promise.resolve(null),
): PushSender {
  return {
    kind: 'push',
    idempotent: false,
    send: async (message) => {
      try {
        const thread = await threadOf(message.messageId);
        const subject = thread?.subject ? replySubject(thread.subject) : message.title || (await subjectFallback());
        await mailer.send({
          to: message.to,
          subject,
          text: message.message,
          ...(thread ? { inReplyTo: thread.messageId, references: thread.messageId } : {}),
        });
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
