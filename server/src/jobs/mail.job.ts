import { z } from 'zod';
import type { Mailer } from '../mail/mailer';
import type { JobDefinition } from './jobs';

const MailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional() });

/** Outgoing e-mail, retried with backoff so a mail server outage delays mail instead of losing it. */
export function mailJob(mailer: Mailer): JobDefinition<typeof MailPayload> {
  return {
    queue: 'mail-delivery',
    payload: MailPayload,
    retry: { retryLimit: 10, retryDelay: 15, retryBackoff: true },
    handle: (message) => mailer.send(message),
  };
}
