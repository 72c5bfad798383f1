import type { Post } from '@platform/shared';
import { useOutletContext } from 'react-router';

/** What the post column tells the list beside it: a post changed (read it again), is gone or is new. */
export type PostBrowseContext = {
  refresh: (id: number) => Promise<void>;
  removed: (id: number) => void;
  /** A post created here: shown at the top of the list (when the list's query would hold it). */
  added: (post: Post) => void;
};

const NO_LIST: PostBrowseContext = { refresh: async () => undefined, removed: () => undefined, added: () => undefined };

export const usePostBrowse = (): PostBrowseContext => useOutletContext<PostBrowseContext | undefined>() ?? NO_LIST;
