import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Trx } from '../db/database';
import { afterCommit } from '../db/tx';

/** One queue: its name, payload schema, retry policy and handler (STYLE: jobs are an id plus a zod payload). */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  queue: string;
  payload: S;
  retry: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  handle: (data: z.infer<S>) => Promise<void>;
  /** A recurring run (cron, UTC) with this payload, kept by pg-boss in the database. */
  schedule?: { cron: string; data: z.infer<S> };
};

/** When a job may start: delayed jobs (a lock's expiry) wait in the queue until then. */
export type SendOptions = { startAfter?: Date };

export type Jobs = {
  /** Enqueue inside the caller's transaction, so a rolled-back request leaves no job behind. */
  send: <S extends z.ZodType>(trx: Trx, job: JobDefinition<S>, data: z.infer<S>, options?: SendOptions) => Promise<void>;
  start: (definitions: JobDefinition[], runWorkers: boolean) => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

const executorOf = (trx: Trx) => ({
  executeSql: async (text: string, values: unknown[]) => {
    const result = await trx.executeQuery(CompiledQuery.raw(text, values));
    return { rows: result.rows as unknown[] };
  },
});

export function createJobs(url: string, logger: Logger, options: { pollingIntervalSeconds?: number } = {}): Jobs {
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'platform-jobs' });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workIds = new Map<string, string>();

  return {
    boss,
    send: async (trx, job, data, sendOptions = {}) => {
      job.payload.parse(data);
      await boss.send(job.queue, data as object, { ...job.retry, ...sendOptions, db: executorOf(trx) });
      const workId = workIds.get(job.queue);
      // Wake the local worker once the request commits instead of waiting for the next poll.
      if (workId) afterCommit(trx, () => boss.notifyWorker(workId));
    },
    start: async (definitions, runWorkers) => {
      await boss.start();
      for (const definition of definitions) {
        await boss.createQueue(definition.queue, { name: definition.queue, ...definition.retry });
        if (definition.schedule) await boss.schedule(definition.queue, definition.schedule.cron, definition.schedule.data as object);
        if (!runWorkers) continue;
        const id = await boss.work(
          definition.queue,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            const data = definition.payload.parse(job.data);
            await definition.handle(data);
            // pg-boss waits a polling interval after every fetch unless told otherwise: with one job a
            // fetch, a full queue would drain at one job an interval. Ask for the next one at once.
            const self = workIds.get(definition.queue);
            if (self) boss.notifyWorker(self);
          },
        );
        workIds.set(definition.queue, id);
      }
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
