import { QueryClient } from '@tanstack/react-query';
import type { PushedEvent } from '@platform/shared';
import { keysForEvent, THROTTLED } from './live-keys';
import { matchesResource, type ResourceKey, type SessionKey } from './query-keys';

/**
 * The tab's query cache. Loads fail at once (the screens say so and offer their own retry), and
 * nothing is refetched on focus or reconnect: pushed events say what changed (DESIGN 4).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Drops every answer read for another session than `current`: a login or logout never shows the old one's data. */
export function dropOtherSessions(queries: QueryClient, current: SessionKey): void {
  queries.removeQueries({ predicate: (query) => query.queryKey[0] !== current });
}

/**
 * Marks what `event` names stale (mounted queries refetch). A throttled resource is refetched at
 * once for the first event, then at most once per window: events within the window are taken in
 * by one refetch at its end. Returns the matching stop, which cancels waiting refetches.
 */
export function createLiveInvalidation(queries: QueryClient) {
  /** Open windows by resource, and whether an event arrived during one. */
  const windows = new Map<string, { timer: ReturnType<typeof setTimeout>; pending: boolean }>();
  const invalidate = (key: ResourceKey) => void queries.invalidateQueries({ predicate: (query) => matchesResource(query.queryKey, key) });
  const open = (resource: string, ms: number) => {
    const timer = setTimeout(() => {
      const pending = windows.get(resource)?.pending;
      windows.delete(resource);
      if (!pending) return;
      invalidate([resource]);
      open(resource, ms);
    }, ms);
    windows.set(resource, { timer, pending: false });
  };
  return {
    onEvent(event: PushedEvent) {
      for (const key of keysForEvent(event)) {
        const [resource] = key;
        const window = THROTTLED[resource];
        const current = windows.get(resource);
        if (window === undefined) invalidate(key);
        else if (current) current.pending = true;
        else {
          invalidate([resource]);
          open(resource, window);
        }
      }
    },
    stop() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
