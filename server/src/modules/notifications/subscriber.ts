import type { Auth } from '../../auth/auth';
import { setRule, type SetAccess } from '../sets/sets.policy';

/** A subscription's owner, with what their role allows (the read rules need both). */
export type SubscriberAccess = { userId: number; role: string | null; permissions: readonly string[] };

/** The subscriber as the read rules see them: a job has no request, so there is no token to go by. */
export const subscriberAuth = (s: SubscriberAccess): Auth => ({
  hasToken: true,
  userId: s.userId,
  role: s.role,
  permissions: new Set(s.permissions),
  scopes: new Set(['*']),
  clientId: null,
  tokenId: null,
  privateDeployment: false,
});

/**
 * Whether the subscriber may read the collection or saved search now, by the rule of
 * `GET /collections/{id}`: a set restricted to roles after someone subscribed stops reaching them.
 */
export const seesSubscribedSet = (subscriber: SubscriberAccess, set: NonNullable<SetAccess>): boolean =>
  setRule(subscriberAuth(subscriber), 'read', set);
