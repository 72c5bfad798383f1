import { partialMatchKey, type QueryKey } from '@tanstack/react-query';

/** Who the data was read for: a user id, or 'anonymous'. Every query key starts with it. */
export type SessionKey = number | 'anonymous';

/** A resource and what names one answer of it: ['posts', query], ['post', id], ['config', group]. */
export type ResourceKey = readonly [resource: string, ...parts: unknown[]];

export const sessionKeyOf = (session: { userId: number | null } | null | undefined): SessionKey => session?.userId ?? 'anonymous';

/**
 * The query key of `resource` read for `session`. The session comes first so that a login or
 * logout drops everything read under the old one in a single sweep (see `dropOtherSessions`).
 */
export const queryKeyFor = (session: SessionKey, resource: ResourceKey): QueryKey => [session, ...resource];

/** Whether `queryKey` (any session) is `resource` or one of its answers: ['post', 5] matches ['post', 5, 'x']. */
export function matchesResource(queryKey: QueryKey, resource: ResourceKey): boolean {
  return partialMatchKey(queryKey.slice(1), resource);
}
