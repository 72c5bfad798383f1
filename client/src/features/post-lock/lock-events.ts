import { LockEventPayloadSchema, type LockEventPayload, type PushedEvent } from '@platform/shared';

export const LOCK_EVENT_TYPES = ['lock.acquired', 'lock.renewed', 'lock.released', 'lock.broken', 'lock.expired'] as const;
export type LockEventType = (typeof LOCK_EVENT_TYPES)[number];
export type LockChange = { type: LockEventType; payload: LockEventPayload };

/** A pushed lock event for `postId`, read through its schema; anything else is null. */
export function lockChangeFor(event: PushedEvent, postId: number): LockChange | null {
  if (!(LOCK_EVENT_TYPES as readonly string[]).includes(event.type)) return null;
  const payload = LockEventPayloadSchema.safeParse(event.payload);
  if (!payload.success || payload.data.post_id !== postId) return null;
  return { type: event.type as LockEventType, payload: payload.data };
}

/** Whether the change leaves the post without a lock. */
export const unlocks = (change: LockChange): boolean =>
  change.type === 'lock.released' || change.type === 'lock.broken' || change.type === 'lock.expired';
