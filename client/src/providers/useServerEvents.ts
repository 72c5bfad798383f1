import type { EventType, PushedEvent } from '@platform/shared';
import { useEffect, useEffectEvent } from 'react';
import { useServices } from './services-context';

/** Event types, or a predicate over the pushed event. */
export type EventFilter = EventType | readonly EventType[] | ((event: PushedEvent) => boolean);

export function matchesFilter(filter: EventFilter, event: PushedEvent): boolean {
  if (typeof filter === 'function') return filter(event);
  if (typeof filter === 'string') return event.type === filter;
  return filter.includes(event.type);
}

/**
 * Calls `handler` for every pushed event that passes `filter`, for as long as the component is
 * mounted. Pushes are thin: refetch what the event names over REST (DESIGN 4).
 */
export function useServerEvents(filter: EventFilter, handler: (event: PushedEvent) => void): void {
  const { realtime } = useServices();
  const accepts = useEffectEvent((event: PushedEvent) => matchesFilter(filter, event));
  const onEvent = useEffectEvent(handler);
  useEffect(
    () =>
      realtime.subscribe((event) => {
        if (accepts(event)) onEvent(event);
      }),
    [realtime],
  );
}
