import { z } from 'zod';
import type { JobDefinition } from './jobs';

const HdxUploadPayload = z.object({ exportId: z.number().int().positive().optional() });

/**
 * Uploads one finished export to the humanitarian data exchange (with its id). An answer from the
 * exchange (or none in time) is recorded on the export (FAILED) and not retried; a worker killed
 * mid-way is taken over once its lease lapses (at the next start, or by the run every minute
 * without an id), and the upload finds what the first attempt created instead of creating it again.
 */
export function hdxUploadJob(run: (exportId: number | undefined) => Promise<void>): JobDefinition<typeof HdxUploadPayload> {
  return {
    queue: 'hdx-upload',
    payload: HdxUploadPayload,
    retry: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: (data) => run(data.exportId),
    schedule: { cron: '* * * * *', data: {} },
  };
}
