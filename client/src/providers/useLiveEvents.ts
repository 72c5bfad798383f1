import type { PushedEvent } from '@platform/shared';
import { partialMatchKey } from '@tanstack/react-query';
import { keysForEvent } from './query/live-keys';
import type { ResourceKey } from './query/query-keys';
import { useServerEvents } from './useServerEvents';

/**
 * Calls `handler` for every pushed event that makes `resource` stale, as `live-keys.ts` says: for
 * views that patch what they show in place (the data view's list announces new posts, the map asks
 * for its viewport again) instead of reading a query again.
 */
export function useLiveEvents(resource: ResourceKey, handler: (event: PushedEvent) => void): void {
  useServerEvents((event) => keysForEvent(event).some((key) => partialMatchKey(key, resource)), handler);
}
