import type { Post, PushedEvent } from '@platform/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { listPosts, postsMatching } from '../../api/endpoints/posts';
import { useServices } from '../../providers/services-context';
import { useLiveEvents } from '../../providers/useLiveEvents';
import { usePostFilters } from '../filters/usePostFilters';
import { useSession } from '../session/useSession';
import {
  DEFAULT_PAGE_SIZE,
  initialPostList,
  isListed,
  MANAGER_PAGE_CAP,
  postListReducer,
  readPostPage,
  SERVER_PAGE_CAP,
} from './post-list-state';

/**
 * The data view's list: pages of posts, load more, and live changes. New posts are announced by
 * pushed `post.created` events (no polling, DESIGN 4); each pushed id is checked against the list's
 * query over REST (`post_id`), so only posts this list would show are offered.
 */
export function usePostList() {
  const { api } = useServices();
  const { session, can } = useSession();
  // How many posts one request answers this caller (API-CONTRACT 8.4); a larger page is read in slices.
  const cap = can('Manage Posts') ? MANAGER_PAGE_CAP : SERVER_PAGE_CAP;
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [state, dispatch] = useReducer(postListReducer, initialPostList);
  // The browsing filters of the address (shared with the map); only non-default ones are sent.
  const { query } = usePostFilters();
  const latest = useRef(0);

  const load = useCallback(
    async (append: boolean, offset = 0) => {
      const ticket = ++latest.current;
      dispatch({ type: append ? 'loadMore' : 'reload' });
      try {
        const read = (from: number, size: number) => listPosts(api, { ...query, limit: size, offset: from });
        const page = await readPostPage(read, offset, limit, cap);
        if (ticket !== latest.current) return;
        dispatch({ type: 'loaded', ...page, append });
      } catch {
        if (ticket === latest.current) dispatch({ type: 'failed' });
      }
    },
    [api, query, limit, cap],
  );

  // Who is logged in decides what the list holds: read it again after a login or logout.
  const viewer = session?.userId ?? null;
  useEffect(() => {
    void load(false);
  }, [load, viewer]);

  /** Reads one post again through the list's query: it is replaced, or dropped when it left the list. */
  const refresh = useCallback(
    async (id: number) => {
      try {
        const [post] = await postsMatching(api, [id], query);
        dispatch(post ? { type: 'changed', post } : { type: 'removed', id });
      } catch {
        // Unreadable now (or the server is away): it leaves this list.
        dispatch({ type: 'removed', id });
      }
    },
    [api, query],
  );

  const announce = useCallback(
    async (id: number) => {
      try {
        const posts = await postsMatching(api, [id], query);
        if (posts.length) dispatch({ type: 'announced', posts });
      } catch {
        // A post the list cannot read is not announced.
      }
    },
    [api, query],
  );

  useLiveEvents(['posts'], (event: PushedEvent) => {
    const id = Number(event.aggregate_id);
    if (!Number.isInteger(id)) return;
    if (event.type === 'post.deleted') dispatch({ type: 'removed', id });
    else if (event.type === 'post.created') void announce(id);
    else if (isListed(state, id)) void refresh(id);
    // A post can enter this list without being new: published at last, or added to the collection shown.
    else if (event.type === 'post.status_changed' || query.set !== undefined) void announce(id);
  });

  return {
    state,
    limit,
    setLimit,
    loadMore: () => void load(true, state.posts.length),
    reload: () => void load(false),
    showPending: () => dispatch({ type: 'showPending' }),
    refresh,
    changed: (post: Post) => dispatch({ type: 'changed', post }),
    /** A post created here, checked against the list's query before it is shown. */
    added: (post: Post) => {
      void postsMatching(api, [post.id], query).then(
        ([listed]) => listed && dispatch({ type: 'added', post: listed }),
        () => undefined,
      );
    },
    removed: (id: number) => dispatch({ type: 'removed', id }),
  };
}

export type PostListApi = ReturnType<typeof usePostList>;
