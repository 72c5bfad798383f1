import type { AggregateType } from '@platform/shared';
import type { Auth } from '../auth/auth';
import type { StoredEvent } from '../events/events.repository';

/**
 * Who may receive an event: `load` runs once per event (from what the event logged, or one query at
 * most), `canRead` runs per socket with the same policy functions REST uses (DESIGN 4).
 */
export type Audience<L = unknown> = {
  load?: (event: StoredEvent) => L | Promise<L>;
  canRead: (auth: Auth, event: StoredEvent, loaded: L) => boolean;
};

export class AudienceRegistry {
  private audiences = new Map<AggregateType, Audience<unknown>>();

  register<L>(type: AggregateType, audience: Audience<L>): void {
    this.audiences.set(type, audience as Audience<unknown>);
  }

  /** Prepares the per-socket check of one event; events nobody registered reach nobody. */
  async prepare(event: StoredEvent): Promise<(auth: Auth) => boolean> {
    const audience = this.audiences.get(event.aggregate_type);
    if (!audience) return () => false;
    const loaded = audience.load ? await audience.load(event) : undefined;
    return (auth) => audience.canRead(auth, event, loaded);
  }
}
