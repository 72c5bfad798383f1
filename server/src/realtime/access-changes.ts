import type { Auth } from '../auth/auth';
import type { CommittedEvent } from '../db/tx';

/** The config keys that change what everyone may read (API-CONTRACT 4.2, 4.3), by group. */
const SWITCHES: Record<string, string[]> = { site: ['private'], features: ['private', 'roles'] };

/** The keys a config change wrote; undefined when the event does not say. */
const changedKeys = (event: CommittedEvent): unknown[] | undefined => (Array.isArray(event.payload.keys) ? event.payload.keys : undefined);

/** Whose rights the rules look at: a socket's token, or a cached one. */
export type AccessHolder = Pick<Auth, 'userId' | 'role' | 'tokenId'>;

/**
 * The sockets whose rights an event may have changed, or null for an event that changes nobody's.
 * The hub checks those sockets' tokens again before it hands out this event or any later one, so
 * what a socket receives follows its user (issue 26): a role change or deletion, a password reset
 * (`user.updated`), a logout (`token.revoked`), a role's permissions, and the switches that change
 * everyone's (the roles feature, a private deployment). Events reach the hub of every node through
 * the log, so a change made through one node reaches sockets held by another.
 */
export function whoseAccessChanges(event: CommittedEvent): ((auth: AccessHolder) => boolean) | null {
  switch (event.type) {
    case 'user.updated':
    case 'user.deleted': {
      const userId = Number(event.aggregate_id);
      return (auth) => auth.userId === userId;
    }
    case 'token.revoked': {
      const tokenId = Number(event.aggregate_id);
      return (auth) => auth.tokenId === tokenId;
    }
    case 'role.updated':
    case 'role.deleted':
      return (auth) => auth.userId !== null && auth.role === event.aggregate_id;
    case 'config.updated':
      return SWITCHES[event.aggregate_id]?.some((key) => changedKeys(event)?.includes(key) ?? true) ? () => true : null;
    default:
      return null;
  }
}
