import { z } from 'zod';
import type { JobDefinition } from './jobs';

const LockExpiryPayload = z.object({ lockId: z.number().int().positive().optional() });
export type LockExpiryPayload = z.infer<typeof LockExpiryPayload>;

/**
 * Observes lock expiry: each acquire or renewal queues a run for the moment the lock runs out (with
 * the lock id), and a run every minute without one sweeps whatever is left (a node that died before
 * its delayed job ran). Each expired lock is removed and announced as `lock.expired`.
 */
export function postLockExpiryJob(expire: (lockId: number | undefined) => Promise<void>): JobDefinition<typeof LockExpiryPayload> {
  return {
    queue: 'post-lock-expiry',
    payload: LockExpiryPayload,
    retry: { retryLimit: 5, retryDelay: 2, retryBackoff: true },
    handle: (data) => expire(data.lockId),
    schedule: { cron: '* * * * *', data: {} },
  };
}
