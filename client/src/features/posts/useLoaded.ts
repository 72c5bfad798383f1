import type { ResourceKey } from '../../providers/query/query-keys';
import { useLiveQuery } from '../../providers/query/useLiveQuery';

/**
 * The value of `load` for `resource`, or null while it loads, when it failed or when `resource` is
 * null: for the small look-ups a card or field makes (a survey, a picture, a category list).
 */
export function useLoaded<T>(resource: ResourceKey | null, load: () => Promise<T>): T | null {
  return useLiveQuery(resource ?? ['nothing'], () => load(), { enabled: resource !== null }).data ?? null;
}
