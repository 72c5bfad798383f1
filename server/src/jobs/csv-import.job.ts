import { z } from 'zod';
import type { JobDefinition } from './jobs';

const CsvImportPayload = z.object({ importId: z.number().int().positive().optional() });
export type CsvImportPayload = z.infer<typeof CsvImportPayload>;

/**
 * Runs one CSV import (with its id) batch by batch; a run every minute without one takes over
 * imports whose worker stopped renewing its claim (a crashed process), from their last checkpoint.
 * No retries: a failure is recorded on the import (`import.failed`), a crash is resumed by the sweep.
 */
export function csvImportJob(run: (importId: number | undefined) => Promise<void>): JobDefinition<typeof CsvImportPayload> {
  return {
    queue: 'csv-import',
    payload: CsvImportPayload,
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    handle: (data) => run(data.importId),
    schedule: { cron: '* * * * *', data: {} },
  };
}
