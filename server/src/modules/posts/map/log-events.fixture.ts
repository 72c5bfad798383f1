import type { AggregateType, EventType } from '@platform/shared';
import type { StoredEvent } from '../../../events/events.repository';

let nextId = 1;

/** An event as the log hands it out, each with the next position (unit tests of what the map hears). */
export const logEvent = (type: EventType, aggregateType: AggregateType, aggregateId: string | number): StoredEvent => ({
  id: nextId,
  type,
  aggregate_type: aggregateType,
  aggregate_id: String(aggregateId),
  actor_id: null,
  payload: {},
  created_at: new Date(0).toISOString(),
  position: { seq: nextId, id: nextId++ },
  logged: { current: null, previous: null },
});
