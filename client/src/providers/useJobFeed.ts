import type { PushedEvent } from '@platform/shared';
import { useEffect } from 'react';
import type { EventFilter } from './useServerEvents';
import { useServerEvents } from './useServerEvents';
import { useServices } from './services-context';

/** What a job's machine must take: its own events, and the socket being live again after a drop. */
type JobActor<E> = { start(): unknown; send(event: E | { type: 'RECONNECTED' }): void };

/**
 * Feeds a job's machine (an import, an export, an upload to the exchange) for as long as its
 * screen is mounted: starts it, sends it every pushed event that `toEvent` turns into one of its
 * own, and `RECONNECTED` when the socket is live again after a drop (the machine's one catch-up
 * read; the event log replays the rest). No timers, no polling.
 */
export function useJobFeed<E>(actor: JobActor<E>, filter: EventFilter, toEvent: (event: PushedEvent) => E | null): void {
  const { realtime } = useServices();

  useEffect(() => {
    // Not stopped on unmount: an effect re-run (strict mode) would find a stopped actor.
    actor.start();
    let dropped = false;
    return realtime.onStatus((status) => {
      if (status === 'offline') dropped = true;
      if (status === 'live' && dropped) {
        dropped = false;
        actor.send({ type: 'RECONNECTED' });
      }
    });
  }, [actor, realtime]);

  useServerEvents(filter, (event) => {
    const sent = toEvent(event);
    if (sent !== null) actor.send(sent);
  });
}
