import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useServices } from '../services-context';
import { queryKeyFor, sessionKeyOf, type ResourceKey, type SessionKey } from './query-keys';

/** Who is logged in, as the first part of every query key. */
export function useSessionKey(): SessionKey {
  const { session } = useServices();
  return useSelector(session, (s) => sessionKeyOf(s.context.session));
}

type LiveQueryOptions<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/**
 * `load` for `resource`, read for the current session and read again when a pushed event names
 * it (`live-keys.ts`). `enabled: false` waits (a missing id).
 */
export function useLiveQuery<T>(resource: ResourceKey, load: (signal: AbortSignal) => Promise<T>, options: LiveQueryOptions<T> = {}) {
  const session = useSessionKey();
  return useQuery({ queryKey: queryKeyFor(session, resource), queryFn: ({ signal }) => load(signal), ...options });
}

/** Replaces the loaded `resource` with what a save answered (or what `change` makes of it), without asking again. */
export function useSetLiveData<T>(resource: ResourceKey): (change: T | ((current: T | undefined) => T)) => void {
  const session = useSessionKey();
  const queries = useQueryClient();
  const key = queryKeyFor(session, resource);
  return (change) => void queries.setQueryData<T>(key, change);
}

/**
 * For editors: an answer is forgotten once its screen closes, so a form always starts from what
 * the server holds when it opens, never from an older answer.
 */
export const READ_ON_OPEN = { gcTime: 0 } as const;
