import { z } from 'zod';
import type { JobDefinition } from './jobs';

const SourcePollPayload = z.object({});

/** pg-boss schedules by the minute: the poll interval in whole minutes, as a cron expression. */
export const pollCron = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '* * * * *' : minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.min(24, Math.ceil(minutes / 60))} * * *`;
};

/**
 * Reads a data source that is polled (the e-mail mailbox, Twitter's recent search) every
 * `seconds` (issue 23 items 4 and 5). The run does nothing while the provider is off; a source
 * that cannot be reached is logged and read at the next run, so no retries here.
 */
export function sourcePollJob(queue: string, poll: () => Promise<unknown>, seconds: number): JobDefinition<typeof SourcePollPayload> {
  return {
    queue,
    payload: SourcePollPayload,
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    handle: async () => {
      await poll();
    },
    schedule: { cron: pollCron(seconds), data: {} },
  };
}
