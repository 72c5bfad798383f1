import { z } from 'zod';
import type { JobDefinition } from './jobs';

const ExportPayload = z.object({ exportId: z.number().int().positive().optional() });
export type ExportPayload = z.infer<typeof ExportPayload>;

/**
 * Writes one export (with its id). A run every minute without one takes over exports whose worker
 * stopped renewing its claim (a crashed process) and deletes files whose download URL expired.
 * No retries: a failure is recorded on the job (`export.failed`), a crash is taken over by the sweep.
 */
export function exportJob(run: (exportId: number | undefined) => Promise<void>): JobDefinition<typeof ExportPayload> {
  return {
    queue: 'export',
    payload: ExportPayload,
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    handle: (data) => run(data.exportId),
    schedule: { cron: '* * * * *', data: {} },
  };
}
