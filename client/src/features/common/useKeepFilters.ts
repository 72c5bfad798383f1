import { useLocation } from 'react-router';
import { scopedPath, useSetScope } from './set-scope';

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

/** What a link passes to the post it opens so that closing the post returns there (spec 2 screen 5). */
export type ReturnTo = { returnTo: string };

/** The address that opened this screen, when it asked to be returned to (an address of this app only). */
export function useReturnTo(): string | null {
  const { state } = useLocation() as { state: Partial<ReturnTo> | null };
  const to = state?.returnTo;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}
