import { useLocation } from 'react-router';
import { scopedPath, useSetScope } from '../sets/set-scope';

/**
 * The data view's filters live in the address (`?status=...&form=...`): moving between the list, a
 * post and its editor keeps them, so closing a post returns to the same filtered list. Inside a
 * collection or saved search the paths stay in its mode.
 */
export function useKeepFilters(): (path: string) => string {
  const { search } = useLocation();
  const scope = useSetScope();
  return (path: string) => `${scopedPath(path, scope)}${search}`;
}
