import { z } from 'zod';
import type { JobDefinition } from './jobs';

const EmailPollPayload = z.object({});

/** pg-boss schedules by the minute: the poll interval in whole minutes, as a cron expression. */
export const pollCron = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '* * * * *' : minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.min(24, Math.ceil(minutes / 60))} * * *`;
};

/**
 * Reads the e-mail data source's mailbox every `EMAIL_POLL_SECONDS` (issue 23 item 4). The run
 * does nothing while the provider is off; a mailbox that cannot be reached is logged and read at
 * the next run, so no retries here.
 */
export function emailPollJob(poll: () => Promise<unknown>, seconds: number): JobDefinition<typeof EmailPollPayload> {
  return {
    queue: 'email-poll',
    payload: EmailPollPayload,
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    handle: async () => {
      await poll();
    },
    schedule: { cron: pollCron(seconds), data: {} },
  };
}
