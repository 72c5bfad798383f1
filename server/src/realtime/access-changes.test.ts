import type { EventType } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { anonymousAuth, type Auth } from '../auth/auth';
import type { StoredEvent } from '../events/events.repository';
import { whoseAccessChanges } from './access-changes';

const event = (type: EventType, aggregateId: string, payload: Record<string, unknown> = {}): StoredEvent => ({
  id: 1,
  type,
  aggregate_type: type.split('.')[0] as StoredEvent['aggregate_type'],
  aggregate_id: aggregateId,
  actor_id: null,
  payload,
  created_at: '2026-01-01T00:00:00Z',
  position: { seq: 1, id: 1 },
  logged: { current: null, previous: null },
});
const auth = (over: Partial<Auth>): Auth => ({ ...anonymousAuth(), hasToken: true, ...over });
const ada = auth({ userId: 7, role: 'ranger', tokenId: 70 });
const bob = auth({ userId: 8, role: 'user', tokenId: 80 });
const visitor = anonymousAuth();
const whom = (e: StoredEvent) => {
  const affected = whoseAccessChanges(e);
  return affected ? [ada, bob, visitor].filter(affected) : null;
};

describe('whoseAccessChanges', () => {
  it("names a user's sockets, a token's, and a role's users", () => {
    expect(whom(event('user.updated', '7'))).toEqual([ada]);
    expect(whom(event('user.deleted', '8'))).toEqual([bob]);
    expect(whom(event('token.revoked', '80'))).toEqual([bob]);
    expect(whom(event('role.updated', 'ranger'))).toEqual([ada]);
    expect(whom(event('role.deleted', 'user'))).toEqual([bob]);
  });

  it('names everyone for the switches of a private deployment and the roles feature only', () => {
    expect(whom(event('config.updated', 'site', { keys: ['name', 'private'] }))).toEqual([ada, bob, visitor]);
    expect(whom(event('config.updated', 'features', { keys: ['roles'] }))).toEqual([ada, bob, visitor]);
    expect(whom(event('config.updated', 'site', { keys: ['name', 'description'] }))).toBeNull();
    expect(whom(event('config.updated', 'map', { keys: ['private'] }))).toBeNull();
    expect(whom(event('config.updated', 'features'))).toEqual([ada, bob, visitor]);
  });

  it('leaves everyone alone for other events', () => {
    expect(whom(event('post.created', '7'))).toBeNull();
    expect(whom(event('lock.acquired', '7'))).toBeNull();
  });
});
