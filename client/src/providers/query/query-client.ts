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
 * Marks what `event` names stale (mounted queries refetch); throttled resources wait for their
 * window. Returns the matching stop, which cancels waiting refetches.
 */
export function createLiveInvalidation(queries: QueryClient) {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const invalidate = (key: ResourceKey) => void queries.invalidateQueries({ predicate: (query) => matchesResource(query.queryKey, key) });
  return {
    onEvent(event: PushedEvent) {
      for (const key of keysForEvent(event)) {
        const [resource] = key;
        const window = THROTTLED[resource];
        if (window === undefined) invalidate(key);
        else if (!waiting.has(resource))
          waiting.set(
            resource,
            setTimeout(() => {
              waiting.delete(resource);
              invalidate([resource]);
            }, window),
          );
      }
    },
    stop() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
